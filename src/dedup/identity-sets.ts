import { DisjointSets } from "./disjoint-sets.js";

/**
 * Different identifiers are different works. Two DOIs, PMIDs, PMCIDs, arXiv ids (the versions of one
 * preprint are one id: scholarly-ids.ts drops the version), ISBNs or site ids of one kind that
 * differ name two works, however alike their titles, their pages or their snippets: a trial and
 * its follow-up whose title is the first title plus a few words, an article and the letters the
 * journal files under its title, two editions of a book. Pages of one work meet under identifiers
 * of different kinds (a journal page's DOI, its PubMed record's PMID, its PMC copy's PMCID).
 *
 * A DOI's kind is its registrant's role: a journal's DOI, a preprint server's (bioRxiv, medRxiv,
 * arXiv, SSRN, Research Square, Preprints.org, OSF's servers, ChemRxiv, TechRxiv, Authorea, NBER
 * working papers) or an archive's own number for a work it keeps (JSTOR, Zenodo, figshare). A
 * preprint or an archive's copy of a paper is a documented mirror of it, not a conflicting work;
 * two journal articles, or two preprints of one server, are two works. Each server numbers a work
 * once, so DOIs of two servers (an NBER working paper and its SSRN copy) are one work's.
 */

const PREPRINT_REGISTRANTS = new Set([
  "10.1101",
  "10.48550",
  "10.2139",
  "10.21203",
  "10.20944",
  "10.31219",
  "10.31234",
  "10.31235",
  "10.26434",
  "10.36227",
  "10.22541",
  "10.3386",
]);
const ARCHIVE_REGISTRANTS: ReadonlyMap<string, string> = new Map([
  ["10.2307", "jstor"],
  ["10.5281", "zenodo"],
  ["10.6084", "figshare"],
]);

/** The kind of a scholarly key (`doi:…`, `pmid:…`, …): keys of one kind that differ are two works. */
export function identifierKind(key: string): string {
  const colon = key.indexOf(":");
  const kind = colon < 0 ? key : key.slice(0, colon);
  if (kind !== "doi") return kind;
  const registrant = key.slice(colon + 1, key.indexOf("/", colon));
  if (PREPRINT_REGISTRANTS.has(registrant)) return `doi-preprint-${registrant}`;
  const archive = ARCHIVE_REGISTRANTS.get(registrant);
  return archive === undefined ? "doi" : `doi-${archive}`;
}

/** The work a page's keys name, kind by kind; null when it has none. */
export type WorkIdentity = ReadonlyMap<string, string> | null;

/** The page's keys by kind (scholarly-ids.ts gives at most one of each kind a page's text names). */
export function workIdentity(keys: readonly string[]): WorkIdentity {
  if (keys.length === 0) return null;
  const identity = new Map<string, string>();
  for (const key of keys) {
    const kind = identifierKind(key);
    if (!identity.has(kind)) identity.set(kind, key);
  }
  return identity;
}

/** Whether two identities name different works: a kind both have, with different keys. */
export function identitiesConflict(a: WorkIdentity, b: WorkIdentity): boolean {
  if (a === null || b === null) return false;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const [kind, key] of small) {
    const other = large.get(kind);
    if (other !== undefined && other !== key) return true;
  }
  return false;
}

/**
 * Groups (union-find) that never hold two works: a join that would put two different identifiers
 * of one kind in one group is refused, so a chain of ties (A–B by title, B–C by DOI) cannot carry
 * two works into one origin either.
 */
export class IdentitySets extends DisjointSets {
  /** By root: the identifiers its group holds, kind by kind. */
  private readonly identities: WorkIdentity[];

  constructor(identities: readonly WorkIdentity[]) {
    super(identities.length);
    this.identities = [...identities];
  }

  /** Whether the groups of `a` and `b` hold different works. */
  conflict(a: number, b: number): boolean {
    const [rootA, rootB] = [this.find(a), this.find(b)];
    return rootA !== rootB && identitiesConflict(this.identity(rootA), this.identity(rootB));
  }

  /** Joins the groups of `a` and `b` unless they hold different works; whether they are one group. */
  join(a: number, b: number): boolean {
    const [rootA, rootB] = [this.find(a), this.find(b)];
    if (rootA === rootB) return true;
    const [identityA, identityB] = [this.identity(rootA), this.identity(rootB)];
    if (identitiesConflict(identityA, identityB)) return false;
    const root = this.union(rootA, rootB);
    this.identities[root] =
      identityA === null ? identityB : identityB === null ? identityA : new Map([...identityB, ...identityA]);
    return true;
  }

  private identity(root: number): WorkIdentity {
    return this.identities[root] ?? null;
  }
}
