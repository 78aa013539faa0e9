import { newsSources } from "./news-sources.js";
import { domainSuffixes, normaliseHost } from "./normalise-host.js";

let ownerByDomain: ReadonlyMap<string, string> | undefined;

/**
 * The publisher group owning a domain (the documented table in src/data/news-sources.json), or
 * null. Subdomains count. A shared owner is weaker than a shared story, so the caller decides what
 * to do with it.
 */
export function ownerOf(domain: string): string | null {
  ownerByDomain ??= new Map(
    Object.entries(newsSources().publisherGroups).flatMap(([owner, domains]) =>
      domains.map((domain) => [domain, owner] as const),
    ),
  );
  for (const candidate of domainSuffixes(normaliseHost(domain))) {
    const owner = ownerByDomain.get(candidate);
    if (owner !== undefined) return owner;
  }
  return null;
}
