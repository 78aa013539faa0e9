/**
 * Engine → the index it draws on. Corroboration needs different indexes, not different names:
 * startpage serves Google's results and duckduckgo, yahoo, ecosia and qwant largely Bing's, so
 * agreement between them is one index agreeing with itself. Unknown engines count as their own family.
 */
const FAMILY_OF: Record<string, string> = {
  google: "google",
  startpage: "google",
  "google news": "google",
  "google scholar": "google",
  bing: "bing",
  "bing news": "bing",
  duckduckgo: "bing",
  yahoo: "bing",
  "yahoo news": "bing",
  ecosia: "bing",
  qwant: "bing",
  "qwant news": "bing",
  mojeek: "mojeek",
  wiby: "wiby",
  brave: "brave",
  "brave news": "brave",
  yandex: "yandex",
  marginalia: "marginalia",
  arxiv: "arxiv",
  pubmed: "pubmed",
  "semantic scholar": "semantic scholar",
  crossref: "crossref",
  wikipedia: "wikipedia",
};

export function engineFamily(engine: string): string {
  const name = engine.trim().toLowerCase();
  return FAMILY_OF[name] ?? name;
}

export function distinctFamilies(engines: Iterable<string>): string[] {
  return [...new Set([...engines].map(engineFamily))].sort();
}

/** The families behind a page's provenance; a single-index service (exa, brave, …) is its own family. */
export function familiesOf(foundBy: readonly { provider: string; engines: readonly string[] }[]): string[] {
  return distinctFamilies(foundBy.flatMap((f) => (f.engines.length > 0 ? f.engines : [f.provider])));
}
