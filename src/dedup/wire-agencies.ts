import { appendTo } from "../util/append-to.js";
import { escapeRegExp } from "../util/escape-reg-exp.js";
import { newsSources, type WireAgency } from "./news-sources.js";
import { domainSuffixes } from "./normalise-host.js";

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
    // "WASHINGTON (AP) —", "LONDON, March 3 (Reuters) -", "Berlin (dpa) -", "Düsseldorf (dpa/lnw) -",
    // "Madrid (EFE).-", "... (dpa)" at the end
    String.raw`\(${dateline}(?:\/[a-z]{2,5})?\)(?:\s*[-–—:]|\.\s*-|\s*$)`,
    String.raw`\b[A-Z]{3,}\s+\(${dateline}\)`,
    // "— Associated Press", "| Reuters", "· AFP" closing a title or snippet, and a snippet's last
    // sentence followed by the agency alone ("… in eastern Sicily. AFP", "… near Branson. The
    // Associated Press ...")
    String.raw`(?:^|[\s.])[-–—|·]\s*${THE}${name}\s*(?:$|[)\]]|\.(?![A-Za-z]))`,
    String.raw`[.!?]["”’]?\s+${THE}${name}\s*(?:\.{3}|…)?\s*$`,
    // an aggregator's provider line opening a snippet: "AFP · Mount Etna …", "PA Media: Sport · …"
    String.raw`^(?:[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4} [—–-] )?${THE}${name}(?::\s[A-Z][a-z]+)? [·•] `,
    // "via Reuters", "according to AFP", "Source: dpa", "told Reuters"
    String.raw`\b(?:[Vv]ia|[Aa]ccording to|[Ss]ource:|[Cc]redit:|told|report by)\s+${THE}${name}${NAME_END}`,
    // "© 2025 The Associated Press", "Copyright Reuters"
    String.raw`(?:©|\([Cc]\)|\b[Cc]opyright)\s*(?:\d{4}\s+)?${THE}${name}${NAME_END}`,
    // "By Reuters Staff", "By JOSH BOAK and ZEKE MILLER Associated Press", "By Jane Doe, AFP";
    // a station's "by: The Associated Press"; "Von dpa", "Par AFP", "Por EFE"
    String.raw`(?:\bBy|\b[Bb]y:|\bVon|\bPar|\bPor)\s+(?:[A-Z][\w.'’-]*\s*[,|]?\s+(?:and\s+|und\s+|et\s+|y\s+)?){0,6}?${THE}${name}${NAME_END}`,
    // "By PA Business Reporter", "By PA Education Correspondent", "By AP Staff": the agency's desk;
    // "By PA ·" closing a byline
    String.raw`\bBy\s+${THE}${dateline}\s+(?:[A-Z][a-z]+\s+){0,2}(?:Reporters?|Correspondents?|Editors?|Writers?|Staff)\b`,
    String.raw`\bBy\s+${THE}${dateline}\s*(?:[·•|]|$)`,
    // "Information for this article was contributed by Dana Kessler of The Associated Press"
    String.raw`\bcontributed\s+by\s+(?:[A-Z][\w.'’-]*\s*,?\s+(?:and\s+)?){1,8}?of\s+${THE}${name}${NAME_END}`,
    // "AFP reports", "The Associated Press has learned" at the start of a sentence
    String.raw`(?:^|[.!?;:]\s+|[—–]\s*)${THE}${name}\s+(?:reports|reported|has learned|first reported)\b`,
  ];
  return new RegExp(forms.join("|"));
}

interface AgencyMatcher {
  agency: WireAgency;
  /** Any of the agency's names, as a whole word. */
  named: RegExp;
  credit: RegExp;
}

interface Matchers {
  agencies: readonly AgencyMatcher[];
  /** Any name of any agency, anywhere: a quick first look, most texts have none. */
  anyNameAnywhere: RegExp;
  /** Any name of any agency, as a whole word. */
  anyName: RegExp;
  /** Own site → the agencies it belongs to. */
  byDomain: ReadonlyMap<string, readonly string[]>;
}

let matchers: Matchers | undefined;

/** A name standing alone: not inside a longer word ("sda" in "Tuesday"). */
const wholeWords = (names: readonly string[]) =>
  new RegExp(`(?<![A-Za-z0-9])(?:${alternation(names)})(?![A-Za-z0-9])`);

/** Each agency's credit pattern, and any name of any agency, as written: built on first use. */
function agencyMatchers(): Matchers {
  if (matchers) return matchers;
  const agencies = newsSources().wireAgencies.map((agency) => ({
    agency,
    named: wholeWords([...agency.names, ...(agency.datelineOnly ?? [])]),
    credit: creditPattern(agency),
  }));
  const byDomain = new Map<string, string[]>();
  for (const { agency } of agencies) {
    for (const domain of agency.domains) appendTo(byDomain, domain, agency.id);
  }
  // Most texts name no agency, and then none credits one.
  const names = agencies.flatMap(({ agency }) => [...agency.names, ...(agency.datelineOnly ?? [])]);
  matchers = {
    agencies,
    anyNameAnywhere: new RegExp(alternation(names)),
    anyName: wholeWords(names),
    byDomain,
  };
  return matchers;
}

/**
 * The agencies whose story a page carries: it is on the agency's own site, or its title or snippet
 * credits the agency ("WASHINGTON (AP) —", "(Reuters) -", "— Associated Press", "AFP reports",
 * "via Reuters").
 */
export function wireAgencies(host: string, item: { title: string; snippet: string }): string[] {
  const { agencies, anyNameAnywhere, anyName, byDomain } = agencyMatchers();
  const found = new Set<string>();
  for (const domain of domainSuffixes(host)) for (const id of byDomain.get(domain) ?? []) found.add(id);
  const names = (text: string) => anyNameAnywhere.test(text) && anyName.test(text);
  const titleNamesAny = names(item.title);
  const snippetNamesAny = names(item.snippet);
  if (!titleNamesAny && !snippetNamesAny) return [...found];
  for (const { agency, named, credit } of agencies) {
    // The credit patterns are costly; a text that never names the agency cannot credit it.
    const credited = (text: string, namesAny: boolean) => namesAny && named.test(text) && credit.test(text);
    if (credited(item.title, titleNamesAny) || credited(item.snippet, snippetNamesAny)) found.add(agency.id);
  }
  return [...found];
}

let paths: readonly { pattern: RegExp; agency: string | null }[] | undefined;

/**
 * What the page's address (its lower-case path) says of agency copy: news sites file it under
 * paths of their own ("/wires/ap/…", "/wirestory/…"). `agency` is null when the path does not
 * say which agency.
 */
export function wirePath(pathname: string): { agency: string | null } | null {
  paths ??= newsSources().wirePaths.map(({ pattern, agency }) => ({ pattern: new RegExp(pattern), agency }));
  const found = paths.find(({ pattern }) => pattern.test(pathname));
  return found ? { agency: found.agency } : null;
}
