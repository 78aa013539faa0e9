import normalizeUrl, { type Options } from "normalize-url";
import { memoize } from "../util/memoize.js";

/**
 * Parameters that track the click, not the page: two URLs differing only in these are one page.
 * Names match in any case (`FBCLID` is `fbclid`).
 */
const TRACKING_PARAMETERS: RegExp[] = [
  /^utm_\w+$/i,
  /^mc_(?:cid|eid)$/i,
  /^_hs(?:enc|mi)$/i,
  /^_g[al]$/i,
  /^(?:fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|igshid|twclid|mkt_tok)$/i,
  /^(?:ref|ref_src|ref_url|referrer|cmp|cmpid|ocid|spm|smid|share|amp)$/i,
  // The BBC's feed and share tags: `at_medium=RSS`, `at_campaign=…`.
  /^at_(?:medium|campaign|link_id|link_type|link_origin|ptr_name|format|bbc_team|custom\d)$/i,
];

/**
 * Old addresses a site redirects to new ones: NCBI's PubMed and PMC records moved to their own hosts
 * (ncbi.nlm.nih.gov/pubmed/38412276 is pubmed.ncbi.nlm.nih.gov/38412276).
 */
const MOVED: readonly { host: string; path: RegExp; to: { host: string; path: string } }[] = [
  {
    host: "ncbi.nlm.nih.gov",
    path: /^\/pubmed\/(\d+)\/?$/,
    to: { host: "pubmed.ncbi.nlm.nih.gov", path: "/$1" },
  },
  {
    host: "ncbi.nlm.nih.gov",
    path: /^\/pmc\/articles\/(PMC\d+)\/?$/i,
    to: { host: "pmc.ncbi.nlm.nih.gov", path: "/articles/$1" },
  },
];

/** A parameter asking for a page's AMP rendering: `outputType=amp`, `format=amp`. */
const AMP_PARAMETER = /(?<=[?&])[\w.-]+=amp(?:&|$)/gi;

const OPTIONS: Options = {
  stripProtocol: true,
  stripWWW: true,
  // Fragments are handled before normalizing (route fragments are kept); text fragments go.
  stripHash: false,
  stripTextFragment: true,
  stripAuthentication: true,
  removeQueryParameters: TRACKING_PARAMETERS,
  removeTrailingSlash: true,
  removeSingleSlash: true,
  // The URL parser already drops the scheme's default port; any other port is another server.
  removeExplicitPort: false,
  sortQueryParameters: true,
  // `/a/index.html` is the page `/a/` serves on practically every server: one page.
  removeDirectoryIndex: [/^index\.(?:html?|php)$/i],
};

/**
 * The comparison key of a page: scheme, `www.`, fragment, tracking parameters, default port,
 * trailing slash and `index.html` removed, parameters sorted, AMP (by path, host or a parameter's
 * `=amp`) and mobile variants folded onto the main page, a YouTube video under any of its addresses
 * as its watch page, an international host in its ASCII (punycode) form. A fragment that is a
 * route (`#/inbox`, `#!/item/3`) addresses a page of its own and is kept. Returns null for anything
 * that is not an http(s) URL.
 */
export function canonicalUrl(url: string): string | null {
  return pageKeys(url)?.canonical ?? null;
}

/**
 * A page's canonical URL and its domain ({@link domainOf}) from one parse of its address: the
 * merge needs both of every page. Null where {@link canonicalUrl} is.
 */
export const pageKeys: (url: string) => { canonical: string; domain: string } | null = memoize(pageKeysOf);

function pageKeysOf(url: string): { canonical: string; domain: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  // Each setter serializes the whole address again: only what changes is set. An empty `?` or `#`
  // reads as "" but is still dropped by setting "", so that is set whenever the address has one.
  const hostname = foldHost(parsed.hostname);
  const domain = withoutWww(hostname);
  if (hostname !== parsed.hostname) parsed.hostname = hostname;
  // "/amp/", ".amp", and an article id's AMP form as Hearst's magazines print it ("/amp65432198/" for "/a65432198/").
  const pathname =
    parsed.pathname
      .replace(/\/amp(?=\/|$)/i, "")
      .replace(/\.amp(?=\.html?$|$)/i, "")
      .replace(/\/amp(\d{5,})(?=\/|$)/i, "/a$1") || "/";
  if (pathname !== parsed.pathname) parsed.pathname = pathname;
  const moved = MOVED.find(({ host, path }) => domain === host && path.test(parsed.pathname));
  if (moved) {
    parsed.pathname = parsed.pathname.replace(moved.path, moved.to.path);
    parsed.hostname = moved.to.host;
  }
  const video = youTubeVideo(domain, parsed);
  if (video !== null) return { canonical: `youtube.com/watch?v=${video}`, domain: "youtube.com" };
  // An HTML-escaped `&` (from a page's markup) separates parameters like `&` itself; a parameter
  // asking for the AMP rendering (`outputType=amp`, `format=amp`) is the page itself.
  let search = parsed.search.replace(/&amp;/gi, "&");
  if (/=amp(?:&|$)/i.test(search)) search = search.replace(AMP_PARAMETER, "").replace(/[?&]$/, "");
  if (search !== parsed.search || (search === "" && url.includes("?"))) parsed.search = search;
  if (!/^#!?\//.test(parsed.hash) && (parsed.hash !== "" || url.includes("#"))) parsed.hash = "";
  try {
    return { canonical: normalizeUrl(parsed.toString(), OPTIONS), domain };
  } catch {
    return null;
  }
}

/** A YouTube video's id: 11 letters, digits, `-` or `_`. */
const VIDEO_ID = /^[\w-]{11}$/;

/**
 * The video a YouTube address shows, whatever form it takes (`youtu.be/ID`, `/watch?v=ID` with
 * its share and feature tags, `/shorts/ID`, `/embed/ID`, `/live/ID`), or null for any other page.
 */
function youTubeVideo(domain: string, parsed: URL): string | null {
  if (domain === "youtu.be") {
    const id = parsed.pathname.slice(1);
    return VIDEO_ID.test(id) ? id : null;
  }
  if (domain !== "youtube.com") return null;
  const id =
    parsed.pathname === "/watch"
      ? (parsed.searchParams.get("v") ?? "")
      : (/^\/(?:shorts|embed|live)\/([\w-]{11})\/?$/.exec(parsed.pathname)?.[1] ?? "");
  return VIDEO_ID.test(id) ? id : null;
}

/** The publisher's host: lower-case, without `www.`, `m.`, `mobile.` or `amp.` (after a language's, too). */
export function domainOf(url: string): string {
  try {
    return withoutWww(foldHost(new URL(url).hostname));
  } catch {
    return "";
  }
}

const withoutWww = (host: string): string => host.replace(/^www\./, "");

function foldHost(hostname: string): string {
  // A language's edition keeps its name: en.m.wikipedia.org is en.wikipedia.org.
  return hostname
    .toLowerCase()
    .replace(/^(?:www\.)?([a-z]{2}(?:-[a-z]{2,4})?\.)?(?:m|mobile|amp)\.(?=[^.]+\.[^.]+)/, "$1");
}
