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

/** The tables of src/data/news-sources.json (what each one holds is written there). */
export interface NewsSources {
  wireAgencies: readonly WireAgency[];
  releaseDistributors: readonly string[];
  sourceWords: ReadonlySet<string>;
  /** Publisher group → the domains it owns. */
  publisherGroups: Readonly<Record<string, readonly string[]>>;
  lowQualityDomains: readonly { domain: string; why: string }[];
}

let sources: NewsSources | undefined;

/** Read on first use, not at start-up: only the dedup stage needs it. */
export function newsSources(): NewsSources {
  if (sources) return sources;
  const raw = readDataFile("news-sources.json") as Omit<NewsSources, "sourceWords"> & {
    sourceWords: string[];
  };
  sources = {
    wireAgencies: raw.wireAgencies,
    releaseDistributors: raw.releaseDistributors,
    sourceWords: new Set(raw.sourceWords),
    publisherGroups: raw.publisherGroups,
    lowQualityDomains: raw.lowQualityDomains,
  };
  return sources;
}
