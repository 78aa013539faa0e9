import { newsSources } from "./news-sources.js";
import { hostSet } from "./normalise-host.js";
import type { PageAddress } from "./page-address.js";

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

/** Any of the distributors' datelines (none has flags): one pass over a text, not one per dateline. */
const ANY_RELEASE_CREDIT = new RegExp(RELEASE_CREDITS.map((credit) => `(?:${credit.source})`).join("|"));

let isDistributor: ((host: string) => boolean) | undefined;

/** A page on a distributor's site, or one whose title or snippet carries a distributor's dateline. */
export function isPressRelease(host: string, item: { title: string; snippet: string }): boolean {
  isDistributor ??= hostSet(newsSources().releaseDistributors);
  if (isDistributor(host)) return true;
  return ANY_RELEASE_CREDIT.test(item.title) || ANY_RELEASE_CREDIT.test(item.snippet);
}

interface ReleasePlaces {
  /** A company's newsroom paths, and the paths under which a public body posts a company's notice. */
  paths: RegExp;
  subdomains: ReadonlySet<string>;
  postedNotices: RegExp;
  publicBodies: RegExp;
}

let places: ReleasePlaces | undefined;

function releasePlaces(): ReleasePlaces {
  if (places === undefined) {
    const sources = newsSources();
    const postedNotices = sources.postedCompanyNotices.join("|");
    places = {
      paths: new RegExp(`${sources.releasePaths.join("|")}|${postedNotices}`),
      subdomains: new Set(sources.releaseSubdomains),
      postedNotices: new RegExp(postedNotices),
      publicBodies: new RegExp(sources.publicBodyHosts.join("|")),
    };
  }
  return places;
}

/** An exchange ticker as releases give it, "(NASDAQ: ACME)", "(NYSE: X)", "(TSX: ABC.U)". */
const TICKER =
  /\((?:NYSE|NASDAQ|Nasdaq|NYSE American|TSX|TSXV|TSX-V|CSE|LSE|AIM|ASX|OTC\w*|Euronext|SIX|NSE|BSE)\s*:\s*[A-Z][A-Z0-9.]{0,6}\)/;
const ANNOUNCES =
  /\b(?:today|recently)?\s*(?:announced|announces|unveiled|unveils|launched|launches|reported|reports)\b/;

/**
 * A company's own release: a page under its newsroom's path or host ("/press-releases/…",
 * "newsroom.acme.com"; src/data/news-sources.json), or a text that opens the way releases do, a
 * ticker and an announcement ("Acme Corp. (NASDAQ: ACME) today announced …").
 */
export function isCompanyRelease(
  address: PageAddress | null,
  item: { title: string; snippet: string },
): boolean {
  if (TICKER.test(item.snippet) && ANNOUNCES.test(item.snippet)) return true;
  if (address === null) return false;
  const { subdomains, paths } = releasePlaces();
  const labels = address.host.split(".");
  if (labels.length > 2 && subdomains.has(labels[0] as string)) return true;
  return paths.test(address.pathname);
}

/**
 * A public body's own page (a regulator's, a ministry's, a statistics office's; src/data/news-sources.json,
 * publicBodyHosts), but for a company's notice it posts as the company wrote it (a recall).
 */
export function isPublicBodyPage(address: PageAddress | null, host: string): boolean {
  const { publicBodies, postedNotices } = releasePlaces();
  return publicBodies.test(host) && !(address !== null && postedNotices.test(address.pathname));
}
