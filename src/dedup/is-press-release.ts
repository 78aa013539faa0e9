import { newsSources } from "./news-sources.js";
import { hostIsUnder } from "./normalise-host.js";

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

/** A page on a distributor's site, or one whose title or snippet carries a distributor's dateline. */
export function isPressRelease(host: string, item: { title: string; snippet: string }): boolean {
  if (newsSources().releaseDistributors.some((domain) => hostIsUnder(host, domain))) return true;
  return ANY_RELEASE_CREDIT.test(item.title) || ANY_RELEASE_CREDIT.test(item.snippet);
}
