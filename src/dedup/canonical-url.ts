import normalizeUrl, { type Options } from "normalize-url";

/** Parameters that track the click, not the page: two URLs differing only in these are one page. */
const TRACKING_PARAMETERS: (string | RegExp)[] = [
  /^utm_\w+/i,
  /^mc_(?:cid|eid)$/i,
  /^_hs(?:enc|mi)$/i,
  "fbclid",
  "gclid",
  "dclid",
  "msclkid",
  "yclid",
  "igshid",
  "twclid",
  "ref",
  "ref_src",
  "ref_url",
  "referrer",
  "cmpid",
  "ocid",
  "spm",
  "smid",
  "share",
  "amp",
];

const OPTIONS: Options = {
  stripProtocol: true,
  stripWWW: true,
  stripHash: true,
  stripAuthentication: true,
  removeQueryParameters: TRACKING_PARAMETERS,
  removeTrailingSlash: true,
  removeSingleSlash: true,
  removeExplicitPort: true,
  sortQueryParameters: true,
  removeDirectoryIndex: false,
};

/**
 * The comparison key of a page: scheme, `www.`, fragment, tracking parameters, default port and
 * trailing slash removed, parameters sorted, AMP and mobile variants folded onto the main page.
 * Returns null for anything that is not an http(s) URL.
 */
export function canonicalUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  parsed.hostname = foldHost(parsed.hostname);
  parsed.pathname = parsed.pathname.replace(/\/amp(?=\/|$)/i, "").replace(/\.amp(?=\.html?$)/i, "") || "/";
  try {
    return normalizeUrl(parsed.toString(), OPTIONS);
  } catch {
    return null;
  }
}

/** The publisher's host: lower-case, without `www.`, `m.`, `mobile.` or `amp.`. */
export function domainOf(url: string): string {
  try {
    return foldHost(new URL(url).hostname).replace(/^www\./, "");
  } catch {
    return "";
  }
}

function foldHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^(?:www\.)?(?:m|mobile|amp)\.(?=[^.]+\.[^.]+)/, "");
}
