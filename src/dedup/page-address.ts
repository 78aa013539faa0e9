/** A page's address read once for every origin signal that looks at it. */
export interface PageAddress {
  /** Lower case, without `www.`. */
  host: string;
  /** The path as given, lower-cased, without the query. */
  pathname: string;
  /** The decoded path and query: `/Path?query`. */
  path: string;
  /** Host with decoded path, and each decoded query value (some sites carry a DOI as `?doi=`). */
  parts: string[];
  /** Names of the query parameters, lower-cased. */
  queryKeys: string[];
}

/** The address's parts, or null for a text that is no absolute URL. */
export function pageAddress(url: string): PageAddress | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
  const pathname = decode(parsed.pathname);
  // Most addresses have no query: their parameters are not read at all.
  const query = parsed.search === "" ? null : parsed.searchParams;
  return {
    host,
    pathname: parsed.pathname.toLowerCase(),
    path: query === null ? pathname : decode(`${parsed.pathname}${parsed.search}`),
    parts: query === null ? [`${host}${pathname}`] : [`${host}${pathname}`, ...query.values()],
    queryKeys: query === null ? [] : [...query.keys()].map((key) => key.toLowerCase()),
  };
}

/** Percent-decoded; a malformed escape leaves the text as it is, but for an encoded slash. */
export function decode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%2f/gi, "/");
  }
}
