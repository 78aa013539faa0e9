import { titleMarkerKey } from "./event-markers.js";
import { type OriginTraits, originTraits } from "./origin-traits.js";
import { titleFingerprint } from "./title-fingerprint.js";

/**
 * Origin tracing: ties pages on different domains to one upstream origin, so that a wire story,
 * a press release or a paper reprinted on many sites is counted once.
 *
 * Three kinds of key are produced by `originKeys`; two items sharing any key share an origin:
 *
 * - `wire:<agency>:<story>` — a news-agency story. The agency comes from the page's domain (the
 *   agency's own site), a credit in the title or snippet ("WASHINGTON (AP) —", "(Reuters) -",
 *   "— Associated Press", "AFP reports", "via Reuters"), a republishing credit naming it
 *   (republishing-credits.ts) or the path news sites file agency copy under ("/wires/ap/",
 *   origin-traits.ts). The agency alone is not an
 *   origin (two AP stories are two origins), so the key also carries a fingerprint of the title;
 *   a credit on a page whose title fingerprints differently merges nothing.
 * - `press-release:<story>:<markers>` — a release sent through a distributor. The distributor's
 *   own copy (by domain) and a news site's reprint (by the distributor's dateline credit,
 *   "/PRNewswire/", "(BUSINESS WIRE)--") get the same key because the key holds only the title
 *   fingerprint and the title's event markers (event-markers.ts): one company's releases about
 *   its third and its fourth quarter share a fingerprint, not their markers.
 * - `doi:…`, `arxiv:…`, `pmid:…`, `pmc:PMC…`, `pii:…`, `isbn:…` and site ids — identifiers of a
 *   scholarly work found in the URL or the text (scholarly-ids.ts): every page reporting the same
 *   paper traces to that paper.
 *
 * The story fingerprint is titleFingerprint's (title-fingerprint.ts); the agencies, distributors
 * and owners are data (src/data/news-sources.json). `ownerOf` (owner-of.ts) is separate: a shared
 * owner is weaker than a shared story, so the caller decides what to do with it.
 */

export interface TraceInput {
  url: string;
  domain: string;
  title: string;
  snippet: string;
}

export type TraceKind = "wire" | "press-release" | "doi";

/** Keys that tie an item to an upstream origin; two items sharing any key share an origin. */
export function originKeys(
  item: TraceInput,
  traits: OriginTraits = originTraits(item),
): { kind: TraceKind; key: string }[] {
  const keys: { kind: TraceKind; key: string }[] = [];
  // Only a wire copy's or a release's key holds the story: most pages need no fingerprint.
  const keyed = traits.agencies.length > 0 || traits.distributedRelease;
  const story = keyed ? titleFingerprint(item.title) : null;
  if (story !== null) {
    for (const agency of traits.agencies) keys.push({ kind: "wire", key: `wire:${agency}:${story}` });
    if (traits.distributedRelease) {
      keys.push({ kind: "press-release", key: `press-release:${story}:${titleMarkerKey(item.title)}` });
    }
  }
  for (const key of traits.scholarlyKeys) keys.push({ kind: "doi", key });
  const unique = new Map(keys.map((entry) => [entry.key, entry] as const));
  return [...unique.values()];
}
