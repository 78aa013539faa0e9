import { readDataFile } from "../util/read-data-file.js";

/** A news agency whose copy subscribers republish verbatim. */
export interface WireAgency {
  id: string;
  /** The agency's own sites; subdomains count. */
  domains: readonly string[];
  /** Names as they appear in credits, case-sensitive. */
  names: readonly string[];
  /** Extra short forms accepted only in a parenthesised dateline: "ANKARA (AA) -". */
  datelineOnly?: readonly string[];
}

/** A sentence by which a page says whose text it carries. */
export interface RepublishingCredit {
  pattern: string;
  /** `by-name`: the name (first group) tells whether it is an agency, a distributor or another source. */
  kind: "wire" | "syndication" | "press-release" | "by-name";
}

/** The tables of src/data/news-sources.json (what each one holds is written there). */
export interface NewsSources {
  wireAgencies: readonly WireAgency[];
  releaseDistributors: readonly string[];
  releaseDistributorNames: readonly string[];
  sourceWords: ReadonlySet<string>;
  /** Publisher group → the domains it owns. */
  publisherGroups: Readonly<Record<string, readonly string[]>>;
  lowQualityDomains: readonly { domain: string; why: string }[];
  wirePaths: readonly { pattern: string; agency: string | null }[];
  releasePaths: readonly string[];
  releaseSubdomains: readonly string[];
  postedCompanyNotices: readonly string[];
  publicBodyHosts: readonly string[];
  discussionHosts: readonly string[];
  republishingCredits: readonly RepublishingCredit[];
  boilerplate: readonly string[];
}

let sources: NewsSources | undefined;

/** Read on first use, not at start-up: only the dedup stage needs it. */
export function newsSources(): NewsSources {
  if (sources) return sources;
  const raw = readDataFile("news-sources.json") as Omit<NewsSources, "sourceWords"> & {
    sourceWords: string[];
  };
  sources = { ...raw, sourceWords: new Set(raw.sourceWords) };
  return sources;
}

/** A forum where readers discuss what they read (src/data/news-sources.json, discussionHosts). */
export function isDiscussionHost(host: string): boolean {
  return newsSources().discussionHosts.some((forum) => host === forum || host.endsWith(`.${forum}`));
}
