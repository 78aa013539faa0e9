import type { OriginTraits } from "./origin-traits.js";
import { titleFingerprint } from "./title-fingerprint.js";

/**
 * Agency copy that does not say whose it is: a news site's path for wire stories ("/wireStory/" on
 * abcnews.go.com) names no agency, so its page has no agency story key (origin-keys.ts). Under the
 * headline of one agency's story among the results, it is that story's copy; under a headline two
 * agencies' stories share, it is neither's. The key is origin-keys.ts's `wire:<agency>:<story>`.
 */
export function unnamedAgencyKeys(
  titles: readonly string[],
  traits: readonly Pick<OriginTraits, "wire" | "agencies">[],
): (string | undefined)[] {
  const unnamed = traits.map((t) => t.wire && t.agencies.length === 0);
  if (!unnamed.includes(true)) return [];
  const agenciesOf = new Map<string, Set<string>>();
  traits.forEach((t, index) => {
    const story = t.agencies.length > 0 ? titleFingerprint(titles[index] ?? "") : null;
    if (story === null) return;
    const agencies = agenciesOf.get(story) ?? new Set<string>();
    for (const agency of t.agencies) agencies.add(agency);
    agenciesOf.set(story, agencies);
  });
  return titles.map((title, index) => {
    const story = unnamed[index] ? titleFingerprint(title) : null;
    const agencies = story === null ? undefined : agenciesOf.get(story);
    return agencies?.size === 1 ? `wire:${[...agencies][0]}:${story}` : undefined;
  });
}
