import { escapeRegExp } from "../util/escape-reg-exp.js";
import { newsSources, type WireAgency } from "./news-sources.js";
import { hostIsUnder } from "./normalise-host.js";

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

interface AgencyMatcher {
  agency: WireAgency;
  names: readonly string[];
  credit: RegExp;
}

let matchers: { agencies: readonly AgencyMatcher[]; anyName: RegExp } | undefined;

/** Each agency's credit pattern, and any name of any agency, as written: built on first use. */
function agencyMatchers(): { agencies: readonly AgencyMatcher[]; anyName: RegExp } {
  if (matchers) return matchers;
  const agencies = newsSources().wireAgencies.map((agency) => ({
    agency,
    names: [...agency.names, ...(agency.datelineOnly ?? [])],
    credit: creditPattern(agency),
  }));
  // Most texts name no agency, and then none credits one.
  matchers = { agencies, anyName: new RegExp(alternation(agencies.flatMap(({ names }) => names))) };
  return matchers;
}

/**
 * The agencies whose story a page carries: it is on the agency's own site, or its title or snippet
 * credits the agency ("WASHINGTON (AP) —", "(Reuters) -", "— Associated Press", "AFP reports",
 * "via Reuters").
 */
export function wireAgencies(host: string, item: { title: string; snippet: string }): string[] {
  const { agencies, anyName } = agencyMatchers();
  const found: string[] = [];
  const titleNamesAny = anyName.test(item.title);
  const snippetNamesAny = anyName.test(item.snippet);
  for (const { agency, names, credit } of agencies) {
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
