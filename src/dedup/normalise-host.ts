import { appendTo } from "../util/append-to.js";
import { memoize } from "../util/memoize.js";

/** A domain as the origin tables list it: lower case, no "www.", no trailing dot; a URL gives its host. */
export function normaliseHost(domain: string): string {
  let host = domain.trim().toLowerCase();
  if (host.includes("://")) host = hostOfUrl(host);
  return host.replace(/\.$/, "").replace(/^www\./, "");
}

export function hostOfUrl(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}

/**
 * The host and each parent domain with at least two labels: news.bbc.co.uk, bbc.co.uk, co.uk.
 * Kept per host: every origin table looks a page's host up, and hosts repeat.
 */
export const domainSuffixes: (host: string) => readonly string[] = memoize((host) => {
  const labels = host.split(".").filter(Boolean);
  const suffixes: string[] = [];
  for (let start = 0; start <= labels.length - 2; start += 1) suffixes.push(labels.slice(start).join("."));
  return suffixes;
});

export function hostIsUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * A table of domains (subdomains count) looked up by a host: every value listed under the host or
 * one of its parent domains. One map look-up per label instead of a scan of the table.
 */
export function hostTable<T>(entries: Iterable<readonly [string, T]>): (host: string) => T[] {
  const byDomain = new Map<string, T[]>();
  for (const [domain, value] of entries) {
    appendTo(byDomain, domain, value);
  }
  return (host) => {
    const found: T[] = [];
    for (const domain of domainSuffixes(host)) {
      const values = byDomain.get(domain);
      if (values) found.push(...values);
    }
    return found;
  };
}

/** Whether a host is one of the domains or under one of them: {@link hostTable} without values. */
export function hostSet(domains: Iterable<string>): (host: string) => boolean {
  const listed = new Set(domains);
  return (host) => domainSuffixes(host).some((domain) => listed.has(domain));
}

/** Second-level labels under which a site's own name is the third label from the end (bbc.co.uk). */
const SECOND_LEVEL = /^(?:co|com|org|net|gov|ac|edu|ne|or|go)$/;

/**
 * A site's own name, the same under its other hosts: "cnn" for edition.cnn.com and amp.cnn.com,
 * "bbc" for bbc.co.uk. The label before the public suffix, with two-letter country domains' common
 * second levels (co.uk, com.au) taken as part of the suffix; null for a bare name.
 */
export function siteName(host: string): string | null {
  const labels = host.split(".").filter(Boolean);
  if (labels.length < 2) return null;
  const country = (labels.at(-1) as string).length === 2;
  const secondLevel = labels.length >= 3 && country && SECOND_LEVEL.test(labels.at(-2) as string);
  return labels.at(secondLevel ? -3 : -2) ?? null;
}

/**
 * Whether hosts are all one site's: one site name, or a name that is one host's site name and a
 * label of every other host ("timesofindia" of timesofindia.indiatimes.com and m.timesofindia.com,
 * a publication under its group's domain and under its own).
 */
export function oneSite(hosts: readonly string[]): boolean {
  const names = hosts.map(siteName);
  if (names.some((name) => name === null)) return false;
  return names.some((name) =>
    hosts.every((host, index) => names[index] === name || host.split(".").includes(name as string)),
  );
}
