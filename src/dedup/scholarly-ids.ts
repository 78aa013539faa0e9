import { identifierKind } from "./identity-sets.js";
import { isbnsInText } from "./isbn.js";
import { decode, type PageAddress, pageAddress } from "./page-address.js";
import { addressKeys, piiKey } from "./scholarly-urls.js";

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
/** Elsevier DOIs of the form 10.1016/S…: the suffix is the article's PII. */
const ELSEVIER_PII_DOI = /^10\.1016\/(s[0-9-]{9}\(\d{2}\)[0-9x-]{6,7})$/;
const PUBMED_URL =
  /\b(?:pubmed\.ncbi\.nlm\.nih\.gov\/|ncbi\.nlm\.nih\.gov\/pubmed\/|europepmc\.org\/(?:abstract|article)\/MED\/)(\d{1,9})\b/gi;
const PMID_TEXT = /\b(?:PMID|PubMed ID):?\s?(\d{1,9})\b/g;
const PMC_URL = /\bPMC(\d{1,9})\b/gi;
const PMC_TEXT = /\bPMC(?:ID:?\s?PMC)?(\d{1,9})\b/g;

/**
 * A page whose text names more works than this is a survey, a reading list, a search page or a
 * story citing a paper and its editorial, not a report of one work: which of them it reports is
 * unknown, so its text identifiers are ignored (its URL's still count). Works are counted by kind
 * of identifier (identity-sets.ts), since one paper's record names its DOI, PMID and PMCID together.
 */
const MAX_TEXT_WORKS = 1;

/**
 * A journal article's place as citations give it, its volume and first page: "596(7873):583-589",
 * "2024;80(2):101-109", "vol. 23(7), pages 803-829", "Vol. 23(7) 803–829", an e-locator
 * ("121(43):e2408813121"). Within one question's results a volume and a first page name one article.
 * Not a year in brackets ("COVID-19 (2020): 45 cases").
 */
const CITATION =
  /(?<![\w.-])(?:vol(?:ume)?\.?\s?)?(\d{1,4})\s?\((?!(?:19|20)\d\d\))(?:\d{1,5}|\d{0,3}[A-Z]|[A-Z]\d{0,3})\)(?:\s?[:,]\s?(?:pages?\s|pp?\.\s?)?|\s(?=\d+[-–]))([eE]?\d{1,12})\b(?![.,]\d)/gi;

/**
 * An NBER working paper as text names it ("NBER Working Paper 32418", "NBER Working Paper No.
 * w32418"): its DOI is the series' prefix and the number.
 */
const NBER_PAPER = /\bNBER\s+(?:Working\s+Paper|WP)\s*(?:No\.?\s*|#\s*)?w?(\d{3,6})\b/g;

/** Semantic Scholar's own number of a paper, as its pages and citations write it. */
const CORPUS_ID = /\bCorpus ?ID:?\s?(\d{4,12})\b/g;

/**
 * Keys of the scholarly works a page reports: `doi:…`, `arxiv:…`, `pmid:…`, `pmc:PMC…`, `pii:…`,
 * `isbn:…`, `cite:<volume>:<first page>` and site ids (scholarly-urls.ts), from its URL and, unless
 * it names too many works, from its title and snippet. Identifiers are read without any look-up: a
 * DOI that holds a PII or an arXiv id also gives that key, so the pages meet whichever one each
 * shows.
 */
export function scholarlyIds(
  item: { url: string; title: string; snippet: string },
  fromAddress: readonly string[] = addressIds(pageAddress(item.url)),
): string[] {
  // The address says which work the page is; an identifier of the same kind in its text that
  // differs (a correction, a related paper) names another work, and ties nothing.
  const addressKinds = new Map(fromAddress.map((key) => [identifierKind(key), key]));
  const cited = textIds(item).filter((key) => (addressKinds.get(identifierKind(key)) ?? key) === key);
  return [...new Set([...fromAddress, ...cited])];
}

/** Keys of the work a page's address names (`scholarlyIds` takes them when already read). */
export function addressIds(address: PageAddress | null): string[] {
  if (address === null) return [];
  const keys = new Set<string>();
  for (const part of address.parts) collectIds(part, keys, false);
  for (const key of addressKeys(address)) keys.add(key);
  return [...keys];
}

/** Keys of the works a title and snippet name; none when they name too many. */
function textIds(item: { title: string; snippet: string }): string[] {
  const keys = new Set<string>();
  for (const text of [item.title, item.snippet]) {
    collectIds(text, keys, true);
    for (const key of isbnsInText(text)) keys.add(key);
    if (text.includes("Corpus"))
      for (const match of text.matchAll(CORPUS_ID)) keys.add(`s2corpus:${match[1]}`);
    if (text.includes("NBER"))
      for (const match of text.matchAll(NBER_PAPER)) keys.add(`doi:10.3386/w${match[1]}`);
    if (text.includes("("))
      for (const match of text.matchAll(CITATION)) keys.add(`cite:${match[1]}:${match[2]?.toLowerCase()}`);
  }
  return mostOfOneKind(keys) <= MAX_TEXT_WORKS ? [...keys] : [];
}

function mostOfOneKind(keys: ReadonlySet<string>): number {
  const perKind = new Map<string, number>();
  for (const key of keys) {
    const kind = identifierKind(key);
    perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
  }
  return Math.max(0, ...perKind.values());
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
    const pii = ELSEVIER_PII_DOI.exec(doi)?.[1];
    if (pii !== undefined) into.add(piiKey(pii));
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
 * suffix; bioRxiv/medRxiv version endings go too, and other preprint servers'
 * (VERSIONED_PREPRINT). A DOI cut short by an ellipsis is dropped.
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
  else if (VERSIONED_PREPRINT.test(doi)) doi = doi.replace(/[./]v\d+$/, "");
  return /^10\.\d{4,9}\/.*[a-z0-9]/.test(doi) ? doi : null;
}

/**
 * Preprint servers whose DOIs end in the version ("10.22541/essoar.170612384.41827753/v1",
 * "10.20944/preprints202409.1187.v1", "10.21203/rs.3.rs-4123456/v2"): one work in every version.
 */
const VERSIONED_PREPRINT = /^10\.(?:22541|20944|21203)\//;

const OPENING_BRACKET: ReadonlyMap<string, string> = new Map([
  [")", "("],
  ["]", "["],
  ["}", "{"],
]);

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}
