import { planWords } from "./plan-words.js";

// Plain words ("docker", "apis?") are looked up in a set; only phrases and patterns go into one
// regex. A single regex of every term costs more to compile than the rest of the planner together.
const PLAIN_WORD = /^[a-z0-9-]+(?:s\?)?$/;

let itTerms: { words: ReadonlySet<string>; phrases: RegExp } | undefined;

/** The terms of src/data/plan-words.json, split into plain words and one pattern, on first use. */
function itTermsOnce(): { words: ReadonlySet<string>; phrases: RegExp } {
  if (itTerms) return itTerms;
  const terms = planWords().itTerms;
  itTerms = {
    words: new Set(
      terms
        .filter((t) => PLAIN_WORD.test(t))
        .flatMap((t) => (t.endsWith("s?") ? [t.slice(0, -2), t.slice(0, -1)] : [t])),
    ),
    phrases: new RegExp(
      `(?:^|[^\\w.#+-])(?:${terms.filter((t) => !PLAIN_WORD.test(t)).join("|")})(?=$|[^\\w#+-])`,
      "i",
    ),
  };
  return itTerms;
}

function hasItWord(question: string): boolean {
  const { words } = itTermsOnce();
  return question
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .some((word) => words.has(word));
}

/** Case matters here: "REST" is an API style, "rest" is sleep; "Bun" a runtime, "bun" bread; `TypeError` is code. */
const IT_TOKENS =
  /\b(?:REST(?:ful)?|Bun|Go (?:services?|modules?|code|programs?)|[A-Z]\w*(?:Error|Exception)|[a-z]+\.(?:js|ts|py|rs|go)|[A-Z][a-z]+(?:DB|SQL|JS|QL))\b/;

/** "library" is software only with a qualifier ("a Python library"), never in "library ebooks". */
const SOFTWARE_LIBRARY =
  /\b(?:python|js|javascript|java|rust|go|npm|open[- ]source|software|ui|component|client|http|testing|logging|standard|c\+\+|\.net) (?:library|libraries)\b|\b(?:library|libraries) (?:for (?:python|javascript|java|rust|go|node))\b/i;

/**
 * Call 3 goes to `it` for software (languages, libraries, frameworks, databases, infrastructure,
 * protocols, errors, code, developer tools) and to `science` for everything else, which is where
 * research, papers and theory live; ambiguous questions default to science. The software terms are
 * data: src/data/plan-words.json.
 */
export function routeCall3(question: string): "science" | "it" {
  const software =
    hasItWord(question) ||
    itTermsOnce().phrases.test(question) ||
    IT_TOKENS.test(question) ||
    SOFTWARE_LIBRARY.test(question);
  return software ? "it" : "science";
}
