import type { LanguageTemplates } from "./language-templates.js";

/**
 * "gatos vs perros" → "Los gatos son mejores que los perros": a comparison of two plurals agrees
 * with them (verb and comparative), and a bare plural takes the article a general statement
 * needs. Null unless both sides are plurals (an article in the singular, or a word the lists know
 * names one thing, says no).
 */
export function pluralSides(
  x: string,
  y: string,
  predicate: string,
  t: LanguageTemplates,
): { x: string; y: string; predicate: string } | null {
  const plural = t.plural;
  if (!plural) return null;
  const sides = [x, y].map((side) => side.trim());
  const pluralArticles = new Set(plural.articles.map(([, article]) => article));
  const isPlural = (side: string) => {
    const words = side.toLowerCase().split(/\s+/);
    const first = words[0] ?? "";
    if (t.words.articles.has(first) && !pluralArticles.has(first)) return false;
    const head = t.words.articles.has(first) ? (words[1] ?? "") : first;
    return plural.ends.test(head) && !plural.singulars.has(head);
  };
  if (!sides.every(isPlural)) return null;
  const withArticle = (side: string) => {
    const first = side.split(/\s+/)[0]?.toLowerCase() ?? "";
    if (t.words.articles.has(first)) return side;
    const article = plural.articles.find(([ending]) => first.endsWith(ending))?.[1];
    return article ? `${article} ${side}` : side;
  };
  const [first = "", second = ""] = sides.map(withArticle);
  // The comparative agrees too: "mejor" → "mejores", "plus cher" → "plus chers".
  const words = predicate.split(" ");
  const last = words.pop() ?? "";
  const rule = plural.adjective.find(([ending]) => ending.test(last));
  const agreed = rule && last !== "" ? last.replace(rule[0], rule[1]) : last;
  return { x: first, y: second, predicate: [...words, agreed].join(" ") };
}
