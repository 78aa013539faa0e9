import { isNormalizationInert } from "./inert-text.js";

/**
 * Origin tracing: ties pages on different domains to one upstream origin, so that a wire story,
 * a press release or a paper reprinted on many sites is counted once.
 *
 * Three kinds of key are produced by `originKeys`; two items sharing any key share an origin:
 *
 * - `wire:<agency>:<story>` — a news-agency story. The agency comes from the page's domain (the
 *   agency's own site) or from a credit in the title or snippet ("WASHINGTON (AP) —",
 *   "(Reuters) -", "— Associated Press", "AFP reports", "via Reuters"). The agency alone is not an
 *   origin (two AP stories are two origins), so the key also carries a fingerprint of the title;
 *   a credit on a page whose title fingerprints differently merges nothing.
 * - `press-release:<story>` — a release sent through a distributor. The distributor's own copy
 *   (by domain) and a news site's reprint (by the distributor's dateline credit, "/PRNewswire/",
 *   "(BUSINESS WIRE)--") get the same key because the key holds only the title fingerprint.
 * - `doi:…`, `arxiv:…`, `pmid:…`, `pmc:PMC…` — identifiers of a scholarly work found in the URL or
 *   the text: every page reporting the same paper traces to that paper.
 *
 * Story fingerprint: without a corpus there are no word frequencies, so word length stands in for
 * rarity. The title loses a trailing site-name segment ("… | AP News", "… - The Hill"), is folded
 * to lower-case ASCII letters and digits, loses stop words and agency names, and plurals are folded;
 * the six longest distinct words, sorted alphabetically, are the fingerprint. Reprints that keep
 * the headline (wire and release copies mostly do) match; light edits that keep the long words
 * still match; rewritten headlines do not, and titles with fewer than three content words give no
 * fingerprint at all (too generic to tie anything). Recurring headlines ("Stock market today: …")
 * can still collide — the cost is one origin too few, never a page dropped.
 *
 * `ownerOf` is separate: a shared owner is weaker than a shared story, so the caller decides what
 * to do with it.
 */

export interface TraceInput {
  url: string;
  domain: string;
  title: string;
  snippet: string;
}

export type TraceKind = "wire" | "press-release" | "doi";

interface WireAgency {
  id: string;
  /** The agency's own sites; subdomains count. */
  domains: readonly string[];
  /** Names as they appear in credits, case-sensitive. */
  names: readonly string[];
  /** Extra short forms accepted only in a parenthesised dateline: "ANKARA (AA) -". */
  datelineOnly?: readonly string[];
}

/**
 * News agencies whose copy is republished verbatim by subscribers. Acronyms that are also common
 * words or other bodies' acronyms are matched only in credit positions (dateline, "via …",
 * "— …" at the end, "By …", "… reports"), case-sensitively, and not when followed by a capitalised
 * word ("AP Photo", "AP Biology", "Reuters Institute") or a domain ending ("Reuters.com").
 * "PA" alone (Pennsylvania, physician assistant) and "DPA" (data-protection authority) are not
 * credits; "dpa" in lower case, as the agency writes it, is.
 */
const WIRE_AGENCIES: readonly WireAgency[] = [
  { id: "ap", domains: ["apnews.com", "ap.org"], names: ["Associated Press", "AP"] },
  { id: "reuters", domains: ["reuters.com"], names: ["Reuters"] },
  {
    id: "afp",
    domains: ["afp.com"],
    names: ["Agence France-Presse", "Agence France Presse", "AFP"],
  },
  {
    id: "dpa",
    domains: ["dpa.com", "dpa-international.com"],
    names: ["Deutsche Presse-Agentur", "dpa-AFX", "dpa"],
  },
  { id: "pa", domains: ["pa.media"], names: ["PA Media", "Press Association"] },
  { id: "upi", domains: ["upi.com"], names: ["United Press International", "UPI"] },
  {
    id: "anadolu",
    domains: ["aa.com.tr"],
    names: ["Anadolu Agency", "Anadolu Ajansı"],
    datelineOnly: ["AA"],
  },
  { id: "efe", domains: ["efe.com"], names: ["Agencia EFE", "EFE"] },
  { id: "ansa", domains: ["ansa.it"], names: ["ANSA"] },
  { id: "kyodo", domains: ["kyodonews.net"], names: ["Kyodo News", "Kyodo"] },
  { id: "xinhua", domains: ["xinhuanet.com", "news.cn"], names: ["Xinhua"] },
  {
    id: "canadian-press",
    domains: ["thecanadianpress.com"],
    names: ["Canadian Press", "THE CANADIAN PRESS"],
  },
  { id: "aap", domains: ["aap.com.au"], names: ["Australian Associated Press", "AAP"] },
  { id: "pti", domains: ["ptinews.com"], names: ["Press Trust of India", "PTI"] },
  { id: "ani", domains: ["aninews.in"], names: ["ANI"] },
  { id: "yonhap", domains: ["yna.co.kr"], names: ["Yonhap"] },
  { id: "tass", domains: ["tass.com", "tass.ru"], names: ["TASS"] },
];

/** Press-release distributors: every page on these sites is a release, not reporting. */
const RELEASE_DISTRIBUTORS: readonly string[] = [
  "prnewswire.com",
  "prnewswire.co.uk",
  "newswire.ca",
  "businesswire.com",
  "globenewswire.com",
  "accesswire.com",
  "accessnewswire.com",
  "einpresswire.com",
  "newswire.com",
  "prweb.com",
  "openpr.com",
  "prlog.org",
  "24-7pressrelease.com",
  "issuewire.com",
  "presseportal.de",
  "ots.at",
  "news.cision.com",
  "mynewsdesk.com",
];

/**
 * The datelines distributors put at the top of every release, which reprints keep. Matched
 * case-sensitively in their distributor-specific form, so a story that merely names
 * "PR Newswire" or "GlobeNewswire" is not taken for a release.
 */
const RELEASE_CREDITS: readonly RegExp[] = [
  /\/\s?PRNewswire(?:-[\w ]+)?\s?\//, // "/PRNewswire/", "/PRNewswire-PRWeb/"
  /\(\s?BUSINESS WIRE\s?\)/,
  /\bGLOBE NEWSWIRE\b/,
  /\/\s?EIN ?Presswire(?:\.com)?\s?\//,
  /\/\s?ACCESS(?:WIRE| Newswire)\s?\//,
  /\(\s?PRWEB\s?\)/,
  /\/\s?CNW\s?\//,
  /\(\s?Newswire\.com\s?\)/,
];

/**
 * Publisher groups and the domains they own. Only ownership that is well established and current
 * is listed; a domain missing here simply has no known owner. Sister divisions with separate
 * newsrooms are kept apart (Condé Nast and Advance Local are both Advance Publications).
 */
const PUBLISHER_GROUPS: Readonly<Record<string, readonly string[]>> = {
  gannett: [
    "usatoday.com",
    "freep.com",
    "indystar.com",
    "azcentral.com",
    "tennessean.com",
    "courier-journal.com",
    "cincinnati.com",
    "jsonline.com",
    "desmoinesregister.com",
    "northjersey.com",
    "democratandchronicle.com",
    "delawareonline.com",
    "dispatch.com",
    "commercialappeal.com",
  ],
  "news-corp": [
    "wsj.com",
    "barrons.com",
    "marketwatch.com",
    "nypost.com",
    "thetimes.co.uk",
    "thetimes.com",
    "thesun.co.uk",
    "the-sun.com",
    "theaustralian.com.au",
    "news.com.au",
  ],
  "fox-corporation": ["foxnews.com", "foxbusiness.com", "outkick.com"],
  "axel-springer": [
    "politico.com",
    "politico.eu",
    "businessinsider.com",
    "insider.com",
    "bild.de",
    "welt.de",
  ],
  "conde-nast": [
    "wired.com",
    "newyorker.com",
    "vogue.com",
    "arstechnica.com",
    "vanityfair.com",
    "gq.com",
    "pitchfork.com",
    "bonappetit.com",
  ],
  "advance-local": [
    "nj.com",
    "cleveland.com",
    "al.com",
    "mlive.com",
    "oregonlive.com",
    "pennlive.com",
    "masslive.com",
    "syracuse.com",
    "silive.com",
  ],
  "vox-media": [
    "vox.com",
    "theverge.com",
    "eater.com",
    "nymag.com",
    "curbed.com",
    "sbnation.com",
    "theringer.com",
  ],
  valnet: ["screenrant.com", "cbr.com", "gamerant.com", "collider.com", "polygon.com", "howtogeek.com"],
  hearst: [
    "sfchronicle.com",
    "sfgate.com",
    "houstonchronicle.com",
    "chron.com",
    "timesunion.com",
    "expressnews.com",
    "esquire.com",
    "cosmopolitan.com",
    "popularmechanics.com",
    "goodhousekeeping.com",
    "caranddriver.com",
  ],
  nexstar: ["thehill.com", "newsnationnow.com", "ktla.com", "wgntv.com", "pix11.com"],
  "future-plc": [
    "techradar.com",
    "tomsguide.com",
    "pcgamer.com",
    "tomshardware.com",
    "gamesradar.com",
    "livescience.com",
    "space.com",
    "windowscentral.com",
    "theweek.com",
  ],
  "ziff-davis": [
    "pcmag.com",
    "mashable.com",
    "zdnet.com",
    "cnet.com",
    "ign.com",
    "lifehacker.com",
    "everydayhealth.com",
  ],
  "dotdash-meredith": [
    "people.com",
    "verywellhealth.com",
    "verywellmind.com",
    "investopedia.com",
    "thespruce.com",
    "allrecipes.com",
    "bhg.com",
    "health.com",
    "parents.com",
    "ew.com",
  ],
  "penske-media": ["variety.com", "rollingstone.com", "deadline.com", "indiewire.com", "wwd.com"],
  reach: [
    "mirror.co.uk",
    "express.co.uk",
    "dailystar.co.uk",
    "manchestereveningnews.co.uk",
    "liverpoolecho.co.uk",
  ],
  dmg: ["dailymail.co.uk", "dailymail.com", "metro.co.uk", "inews.co.uk"],
  nikkei: ["nikkei.com", "ft.com"],
  "new-york-times": ["nytimes.com", "theathletic.com"],
  bbc: ["bbc.co.uk", "bbc.com"],
  guardian: ["theguardian.com", "guardian.co.uk"],
};

const OWNER_BY_DOMAIN: ReadonlyMap<string, string> = new Map(
  Object.entries(PUBLISHER_GROUPS).flatMap(([owner, domains]) =>
    domains.map((domain) => [domain, owner] as const),
  ),
);

/** The publisher group owning a domain (documented table), or null. Subdomains count. */
export function ownerOf(domain: string): string | null {
  for (const candidate of domainSuffixes(normaliseHost(domain))) {
    const owner = OWNER_BY_DOMAIN.get(candidate);
    if (owner !== undefined) return owner;
  }
  return null;
}

/** Keys that tie an item to an upstream origin; two items sharing any key share an origin. */
export function originKeys(item: TraceInput): { kind: TraceKind; key: string }[] {
  const host = normaliseHost(item.domain) || hostOfUrl(item.url);
  const keys: { kind: TraceKind; key: string }[] = [];
  const story = titleFingerprint(item.title);
  if (story !== null) {
    for (const agency of wireAgencies(host, item)) {
      keys.push({ kind: "wire", key: `wire:${agency}:${story}` });
    }
    if (isPressRelease(host, item)) keys.push({ kind: "press-release", key: `press-release:${story}` });
  }
  for (const key of scholarlyIds(item)) keys.push({ kind: "doi", key });
  const unique = new Map(keys.map((entry) => [entry.key, entry] as const));
  return [...unique.values()];
}

// ---------------------------------------------------------------------------------------------
// Wire stories

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (names: readonly string[]): string => names.map(escapeRegExp).join("|");

/**
 * After a name: not part of a longer word or a domain, not a possessive, not the start of a longer
 * proper name ("AP Photo", "Reuters Institute", "Press Association Foundation"); "Reuters Staff"
 * is the agency's own byline.
 */
const NAME_END = String.raw`(?![\w&-]|\.[A-Za-z]|['’]s\b|\s+(?!Staff\b)[A-Z][a-z])`;
const THE = String.raw`(?:[Tt]he\s+)?`;

function creditPattern(agency: WireAgency): RegExp {
  const name = `(?:${alternation(agency.names)})`;
  const dateline = `(?:${alternation([...agency.names, ...(agency.datelineOnly ?? [])])})`;
  const forms = [
    // "WASHINGTON (AP) —", "LONDON, March 3 (Reuters) -", "Berlin (dpa) -", "... (dpa)" at the end
    String.raw`\(${dateline}\)(?:\s*[-–—:]|\s*$)`,
    String.raw`\b[A-Z]{3,}\s+\(${dateline}\)`,
    // "— Associated Press", "| Reuters" closing a title or snippet
    String.raw`(?:^|[\s.])[-–—|]\s*${THE}${name}\s*(?:$|[)\]]|\.(?![A-Za-z]))`,
    // "via Reuters", "according to AFP", "Source: dpa", "told Reuters"
    String.raw`\b(?:[Vv]ia|[Aa]ccording to|[Ss]ource:|[Cc]redit:|told|report by)\s+${THE}${name}${NAME_END}`,
    // "© 2025 The Associated Press", "Copyright Reuters"
    String.raw`(?:©|\([Cc]\)|\b[Cc]opyright)\s*(?:\d{4}\s+)?${THE}${name}${NAME_END}`,
    // "By Reuters Staff", "By JOSH BOAK and ZEKE MILLER Associated Press", "By Jane Doe, AFP"
    String.raw`\bBy\s+(?:[A-Z][\w.'’-]*\s*[,|]?\s+(?:and\s+)?){0,6}?${THE}${name}${NAME_END}`,
    // "AFP reports", "The Associated Press has learned" at the start of a sentence
    String.raw`(?:^|[.!?;:]\s+|[—–]\s*)${THE}${name}\s+(?:reports|reported|has learned|first reported)\b`,
  ];
  return new RegExp(forms.join("|"));
}

const AGENCY_MATCHERS = WIRE_AGENCIES.map((agency) => ({
  agency,
  names: [...agency.names, ...(agency.datelineOnly ?? [])],
  credit: creditPattern(agency),
}));

/** Any name of any agency, as written: most texts name none, and then none credits an agency. */
const ANY_AGENCY_NAME = new RegExp(alternation(AGENCY_MATCHERS.flatMap(({ names }) => names)));

function wireAgencies(host: string, item: TraceInput): string[] {
  const found: string[] = [];
  const titleNamesAny = ANY_AGENCY_NAME.test(item.title);
  const snippetNamesAny = ANY_AGENCY_NAME.test(item.snippet);
  for (const { agency, names, credit } of AGENCY_MATCHERS) {
    const onOwnSite = agency.domains.some((domain) => hostIsUnder(host, domain));
    // The credit patterns are costly; a text that never names the agency cannot credit it.
    const credited = (text: string, namesAny: boolean) =>
      namesAny && names.some((name) => text.includes(name)) && credit.test(text);
    if (onOwnSite || credited(item.title, titleNamesAny) || credited(item.snippet, snippetNamesAny)) {
      found.push(agency.id);
    }
  }
  return found;
}

/** Any of the distributors' datelines (none has flags): one pass over a text, not one per dateline. */
const ANY_RELEASE_CREDIT = new RegExp(RELEASE_CREDITS.map((credit) => `(?:${credit.source})`).join("|"));

function isPressRelease(host: string, item: TraceInput): boolean {
  if (RELEASE_DISTRIBUTORS.some((domain) => hostIsUnder(host, domain))) return true;
  return ANY_RELEASE_CREDIT.test(item.title) || ANY_RELEASE_CREDIT.test(item.snippet);
}

// ---------------------------------------------------------------------------------------------
// Story fingerprint

const STOP_WORDS = new Set(
  (
    "a an the and or but nor of to in on at for with by from as into onto over under about after " +
    "before amid against between during without within upon off out up down than then so if " +
    "is are was were be been being am it its this that these those there here what which who whom " +
    "whose why how when where all any some no not more most less very just also now yet still " +
    "has have had do does did will would could can may might must shall should " +
    "i me my we us our you your he him his she her they them their " +
    "says said say new update updates updated live breaking exclusive video watch photos opinion"
  ).split(" "),
);

/** Agency and distributor names that some copies add to a headline and others do not. */
const SOURCE_WORDS = new Set(
  (
    "ap reuters afp dpa upi efe ansa kyodo xinhua aap pti ani yonhap tass " +
    "prnewswire businesswire globenewswire accesswire einpresswire prweb newswire"
  ).split(" "),
);

const SEGMENT_SEPARATOR = /\s+(?:[|–—-]|::|»)\s+/;
const RELEASE_PREFIX = /^(?:press release|news release|pressemitteilung)\s*[:|–—-]\s*/i;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Drops up to two short trailing segments that name the site or section ("… | AP News"). */
function stripSiteSuffix(title: string): string {
  const segments = title.replace(RELEASE_PREFIX, "").split(SEGMENT_SEPARATOR);
  for (let pops = 0; pops < 2 && segments.length > 1; pops += 1) {
    const last = segments[segments.length - 1] ?? "";
    if (wordCount(last) > 4 || wordCount(segments.slice(0, -1).join(" ")) < 3) break;
    segments.pop();
  }
  return segments.join(" ");
}

function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The six longest distinct content words of the headline, sorted; null for generic titles. */
function titleFingerprint(title: string): string | null {
  const words = foldedWords(stripSiteSuffix(title))
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word) && !SOURCE_WORDS.has(word))
    .map(foldPlural);
  const distinct = [...new Set(words)];
  if (distinct.length < 3) return null;
  distinct.sort((a, b) => b.length - a.length || compareText(a, b));
  return distinct.slice(0, 6).sort(compareText).join("-");
}

/** Lower-case words without accents: letters and digits between anything else. */
function foldedWords(text: string): string[] {
  // Decomposing changes nothing in such a text and it has no accents; its letters are ASCII ones.
  if (isNormalizationInert(text)) return text.toLowerCase().split(/[^a-z0-9]+/);
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

// ---------------------------------------------------------------------------------------------
// Scholarly identifiers

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

function scholarlyIds(item: TraceInput): string[] {
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

// ---------------------------------------------------------------------------------------------
// Hosts

function normaliseHost(domain: string): string {
  let host = domain.trim().toLowerCase();
  if (host.includes("://")) host = hostOfUrl(host);
  return host.replace(/\.$/, "").replace(/^www\./, "");
}

function hostOfUrl(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** The host and each parent domain with at least two labels: news.bbc.co.uk, bbc.co.uk, co.uk. */
function domainSuffixes(host: string): string[] {
  const labels = host.split(".").filter(Boolean);
  const suffixes: string[] = [];
  for (let start = 0; start <= labels.length - 2; start += 1) suffixes.push(labels.slice(start).join("."));
  return suffixes;
}

function hostIsUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
