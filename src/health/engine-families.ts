/**
 * Engine → the index it draws on. Corroboration needs different indexes, not different names:
 * startpage serves Google's results and duckduckgo, yahoo, ecosia and qwant largely Bing's, so
 * agreement between them is one index agreeing with itself. Unknown engines count as their own
 * family; an API service (exa, brave, tavily, …) is its own family.
 */
const FAMILY_OF: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Google's index
    google: "google",
    startpage: "google",
    "google news": "google",
    "google scholar": "google",
    "google videos": "google",
    // Bing's index (and the engines that resell it)
    bing: "bing",
    "bing news": "bing",
    duckduckgo: "bing",
    "duckduckgo news": "bing",
    yahoo: "bing",
    "yahoo news": "bing",
    ecosia: "bing",
    qwant: "bing",
    "qwant news": "bing",
    // independent web indexes
    mojeek: "mojeek",
    wiby: "wiby",
    brave: "brave",
    "brave news": "brave",
    yandex: "yandex",
    marginalia: "marginalia",
    presearch: "presearch",
    mwmbl: "mwmbl",
    // news indexes of their own
    reuters: "reuters",
    "yahoo finance": "bing",
    wikinews: "wikimedia",
    // reference and scholarly databases
    wikipedia: "wikimedia",
    wikidata: "wikimedia",
    arxiv: "arxiv",
    pubmed: "pubmed",
    "semantic scholar": "semantic scholar",
    crossref: "crossref",
    openalex: "openalex",
  }),
);

/**
 * Databases that serve call 3 (papers) but are not web indexes: a web search whose other engines
 * are all down is not made diverse by arxiv answering.
 */
const NOT_WEB_INDEXES = new Set(["arxiv", "pubmed", "semantic scholar", "crossref", "openalex", "wikimedia"]);

export function engineFamily(engine: string): string {
  const name = engine.trim().toLowerCase();
  // A Map: engine names come from the instance, and `constructor` must not find Object's.
  return FAMILY_OF.get(name) ?? name;
}

export function distinctFamilies(engines: Iterable<string>): string[] {
  return [...new Set([...engines].map(engineFamily))].sort();
}

/** The distinct web-index families among `engines` (what the diversity rule counts). */
export function webFamilies(engines: Iterable<string>): string[] {
  return distinctFamilies(engines).filter((family) => !NOT_WEB_INDEXES.has(family));
}

/** The families behind a page's provenance; a single-index service (exa, brave, …) is its own family. */
export function familiesOf(foundBy: readonly { provider: string; engines: readonly string[] }[]): string[] {
  return distinctFamilies(foundBy.flatMap((f) => (f.engines.length > 0 ? f.engines : [f.provider])));
}
