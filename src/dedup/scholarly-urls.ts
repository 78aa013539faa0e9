import { readDataFile } from "../util/read-data-file.js";
import { isbnKey } from "./isbn.js";
import { hostSet, hostTable } from "./normalise-host.js";
import type { PageAddress } from "./page-address.js";

/**
 * What a paper's address says about it, from the site tables of src/data/scholarly-sites.json:
 * whether the page is a page of one paper, and the identifiers its address carries (a DOI a
 * journal's address holds without writing it, an arXiv id on a mirror, a PII, an OpenReview or
 * Semantic Scholar id, an ISBN).
 */

interface UrlIdRule {
  host: string;
  path: RegExp;
  key: string;
  keepCase: boolean;
}

interface Sites {
  /** Host → the path prefixes under which its pages are papers' (`/` for all of them). */
  paperPaths: (host: string) => string[];
  /** Host → the rules of its addresses' identifiers. */
  urlIds: (host: string) => UrlIdRule[];
  isArxivHost: (host: string) => boolean;
  isIsbnHost: (host: string) => boolean;
  /** Encyclopedias: an article named after a paper reports it (paper-titles.ts). */
  isReferenceHost: (host: string) => boolean;
  titleDecorations: readonly RegExp[];
}

let sites: Sites | undefined;

/** The tables, read on first use. */
export function scholarlySites(): Sites {
  if (sites) return sites;
  const raw = readDataFile("scholarly-sites.json") as {
    paperHosts: string[];
    urlIds: { host: string; path: string; key: string; keepCase?: boolean }[];
    arxivHosts: string[];
    isbnHosts: string[];
    referenceHosts: string[];
    titleDecorations: string[];
  };
  sites = {
    paperPaths: hostTable(
      raw.paperHosts.map((entry) => {
        const slash = entry.indexOf("/");
        return slash < 0 ? ([entry, "/"] as const) : ([entry.slice(0, slash), entry.slice(slash)] as const);
      }),
    ),
    urlIds: hostTable(
      raw.urlIds.map(
        (rule) =>
          [
            rule.host,
            {
              host: rule.host,
              path: new RegExp(rule.path, "i"),
              key: rule.key,
              keepCase: rule.keepCase === true,
            },
          ] as const,
      ),
    ),
    isArxivHost: hostSet(raw.arxivHosts),
    isIsbnHost: hostSet(raw.isbnHosts),
    isReferenceHost: hostSet(raw.referenceHosts),
    titleDecorations: raw.titleDecorations.map((pattern) => new RegExp(pattern, "i")),
  };
  return sites;
}

/** Whether the address is a page of one paper: a record, a preprint, a journal article. */
export function isPaperAddress(address: PageAddress): boolean {
  return scholarlySites()
    .paperPaths(address.host)
    .some((prefix) => address.pathname.startsWith(prefix));
}

const ARXIV_ID = /(?:^|[/=:])(\d{4}\.\d{4,5})(?:v\d+)?(?:\.pdf)?(?=$|[/?#&.])/;
const ISBN13_IN_PATH = /(?:^|[/=_-])(97[89]\d{10})(?=$|[/?&._-])/;
const ISBN10_IN_PATH = /\/(?:dp|gp\/product|product|ASIN|isbn|books?)\/(\d{9}[\dX])(?=$|[/?&])/i;

/** Keys the address carries by the site tables: `doi:…`, `arxiv:…`, `pii:…`, `isbn:…` and the like. */
export function addressKeys(address: PageAddress): string[] {
  const tables = scholarlySites();
  const keys: string[] = [];
  for (const rule of tables.urlIds(address.host)) {
    const match = rule.path.exec(address.path);
    if (match?.[1] === undefined) continue;
    // $1, $2 …: the path's groups; $sub: the host's first label (a journal's on its publisher's domain).
    const key = rule.key.replace(/\$(\d|sub)/g, (_, name: string) => {
      const part = name === "sub" ? (address.host.split(".")[0] ?? "") : (match[Number(name)] ?? "");
      return rule.keepCase ? part : part.toLowerCase();
    });
    keys.push(key.startsWith("pii:") ? piiKey(key.slice(4)) : key);
  }
  if (tables.isArxivHost(address.host)) {
    const id = ARXIV_ID.exec(address.path)?.[1];
    if (id !== undefined) keys.push(`arxiv:${id}`);
  }
  const isbn13 = ISBN13_IN_PATH.exec(address.path)?.[1];
  const isbn =
    isbn13 ?? (tables.isIsbnHost(address.host) ? ISBN10_IN_PATH.exec(address.path)?.[1] : undefined);
  const key = isbn === undefined ? null : isbnKey(isbn);
  if (key !== null) keys.push(key);
  return keys;
}

/**
 * An Elsevier PII as one key whichever way it is written: `S0140-6736(20)30183-5` in a Lancet
 * address or DOI, `S0140673620301835` on ScienceDirect.
 */
export function piiKey(pii: string): string {
  return `pii:${pii.replace(/[^0-9a-z]/gi, "").toUpperCase()}`;
}
