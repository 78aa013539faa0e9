/** Register prefix, then a suffix up to white space or markup; trailing punctuation is trimmed. */
const DOI = /(?<![\w.])10\.\d{4,9}\/[^\s"'<>]+/g;
/** View and format endings publisher URLs add after the DOI. */
const DOI_VIEW_SUFFIX =
  /(?:\/(?:full|abstract|abs|pdf|epdf|pdfdirect|html|fulltext|full-text|summary|references|figures|epub|meta))+$|\.(?:full(?:\.pdf|-text)?|abstract|pdf|html?)$/i;
const ARXIV_NEW = String.raw`\d{4}\.\d{4,5}`;
const ARXIV_OLD = String.raw`[a-z-]+(?:\.[A-Za-z]{2})?\/\d{7}`;
const ARXIV_URL = new RegExp(
  String.raw`\barxiv\.org\/(?:abs|pdf|html|format)\/(${ARXIV_NEW}|${ARXIV_OLD})(?:v\d+)?`,
  "gi",
);
const ARXIV_TEXT = new RegExp(String.raw`\barxiv:\s?(${ARXIV_NEW}|${ARXIV_OLD})(?:v\d+)?\b`, "gi");
const ARXIV_DOI = new RegExp(String.raw`^10\.48550\/arxiv\.(${ARXIV_NEW})$`);
const PUBMED_URL =
  /\b(?:pubmed\.ncbi\.nlm\.nih\.gov\/|ncbi\.nlm\.nih\.gov\/pubmed\/|europepmc\.org\/(?:abstract|article)\/MED\/)(\d{1,9})\b/gi;
const PMID_TEXT = /\b(?:PMID|PubMed ID):?\s?(\d{1,9})\b/g;
const PMC_URL = /\bPMC(\d{1,9})\b/gi;
const PMC_TEXT = /\bPMC(?:ID:?\s?PMC)?(\d{1,9})\b/g;

/**
 * A page whose text names more works than this is a survey, a reading list or a search page,
 * not a report of one work: its text identifiers are ignored (its URL's still count).
 */
const MAX_TEXT_WORKS = 3;

/**
 * Keys of the scholarly works a page reports: `doi:…`, `arxiv:…`, `pmid:…`, `pmc:PMC…`, from its URL
 * and, unless it names too many works, from its title and snippet.
 */
export function scholarlyIds(item: { url: string; title: string; snippet: string }): string[] {
  const fromUrl = new Set<string>();
  for (const part of urlParts(item.url)) collectIds(part, fromUrl, false);
  const fromText = new Set<string>();
  for (const text of [item.title, item.snippet]) collectIds(text, fromText, true);
  const keys = [...fromUrl];
  if (fromText.size <= MAX_TEXT_WORKS) keys.push(...fromText);
  return keys;
}

/** The decoded path and each decoded query value (some sites carry the DOI as `?doi=` or `?id=`). */
function urlParts(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const host = parsed.hostname.toLowerCase();
  return [`${host}${decode(parsed.pathname)}`, ...[...parsed.searchParams.values()]];
}

function collectIds(text: string, into: Set<string>, isText: boolean): void {
  // Every identifier below has one of these in it; most titles and snippets have none.
  if (!/10\.\d|arxiv|pmid|pmc|pubmed|europepmc/i.test(text)) return;
  for (const match of text.matchAll(DOI)) {
    const doi = cleanDoi(match[0], text.slice((match.index ?? 0) + match[0].length));
    if (doi === null) continue;
    into.add(`doi:${doi}`);
    const arxiv = ARXIV_DOI.exec(doi)?.[1];
    if (arxiv !== undefined) into.add(`arxiv:${arxiv}`);
  }
  for (const match of text.matchAll(ARXIV_URL)) addArxiv(match[1], into);
  if (isText) for (const match of text.matchAll(ARXIV_TEXT)) addArxiv(match[1], into);
  for (const match of text.matchAll(PUBMED_URL)) addNumbered("pmid:", match[1], into);
  if (isText) for (const match of text.matchAll(PMID_TEXT)) addNumbered("pmid:", match[1], into);
  for (const match of text.matchAll(isText ? PMC_TEXT : PMC_URL)) addNumbered("pmc:PMC", match[1], into);
}

function addArxiv(id: string | undefined, into: Set<string>): void {
  if (id !== undefined) into.add(`arxiv:${id.toLowerCase()}`);
}

function addNumbered(prefix: string, digits: string | undefined, into: Set<string>): void {
  if (digits === undefined) return;
  const number = digits.replace(/^0+/, "");
  if (number) into.add(`${prefix}${number}`);
}

/**
 * Lower-cased (DOIs are case-insensitive), percent-decoded, without trailing punctuation (a
 * closing bracket stays when it closes one opened inside the DOI), query or fragment, or view
 * suffix; bioRxiv/medRxiv version endings go too. A DOI cut short by an ellipsis is dropped.
 */
function cleanDoi(raw: string, after: string): string | null {
  if (/^(?:…|\.\.\.)/.test(after) || /(?:…|\.\.\.)$/.test(raw)) return null;
  let doi = decode(raw).replace(/[?#].*$/, "");
  for (;;) {
    const last = doi.at(-1) ?? "";
    if (/[.,;:!?'"’”*]/.test(last)) {
      doi = doi.slice(0, -1);
      continue;
    }
    const open = OPENING_BRACKET.get(last);
    if (open !== undefined && count(doi, open) < count(doi, last)) {
      doi = doi.slice(0, -1);
      continue;
    }
    break;
  }
  doi = doi.replace(DOI_VIEW_SUFFIX, "").toLowerCase();
  if (doi.startsWith("10.1101/")) doi = doi.replace(/v\d+$/, "");
  return /^10\.\d{4,9}\/.*[a-z0-9]/.test(doi) ? doi : null;
}

const OPENING_BRACKET: ReadonlyMap<string, string> = new Map([
  [")", "("],
  ["]", "["],
  ["}", "{"],
]);

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%2f/gi, "/");
  }
}
