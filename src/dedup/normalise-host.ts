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

/** The host and each parent domain with at least two labels: news.bbc.co.uk, bbc.co.uk, co.uk. */
export function domainSuffixes(host: string): string[] {
  const labels = host.split(".").filter(Boolean);
  const suffixes: string[] = [];
  for (let start = 0; start <= labels.length - 2; start += 1) suffixes.push(labels.slice(start).join("."));
  return suffixes;
}

export function hostIsUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
