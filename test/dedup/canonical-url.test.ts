import fc from "fast-check";
import normalizeUrl from "normalize-url";
import { describe, expect, it } from "vitest";
import { canonicalUrl, domainOf } from "../../src/dedup/canonical-url.js";

describe("canonicalUrl: one key per page", () => {
  it.each([
    // Tracking parameters go, the page's own parameters stay.
    ["https://example.org/a?utm_source=newsletter&utm_medium=email&utm_campaign=spring", "example.org/a"],
    [
      "https://www.bbc.com/news/articles/c4gz1r9kxl3o?at_medium=RSS&at_campaign=rss",
      "bbc.com/news/articles/c4gz1r9kxl3o",
    ],
    ["https://example.org/a?id=3&utm_content=hero&utm_term=shoes", "example.org/a?id=3"],
    ["https://example.org/a?fbclid=IwAR0xYz", "example.org/a"],
    ["https://example.org/a?gclid=Cj0KCQjw&id=7", "example.org/a?id=7"],
    ["https://example.org/a?mc_cid=abc123&mc_eid=def456", "example.org/a"],
    ["https://example.org/a?ref=hn", "example.org/a"],
    // A parameter asking for the AMP rendering is the page itself; other values of it stay.
    [
      "https://www.washingtonpost.com/business/2026/10/14/cola/?outputType=amp",
      "washingtonpost.com/business/2026/10/14/cola",
    ],
    ["https://example.org/a?id=3&format=amp", "example.org/a?id=3"],
    ["https://example.org/a?format=ample", "example.org/a?format=ample"],
    ["https://www.instagram.com/p/Cxyz/?igshid=MzRlODBiNWFlZA==", "instagram.com/p/Cxyz"],
    ["https://example.org/a?msclkid=5f2d", "example.org/a"],
    ["https://example.org/a?UTM_SOURCE=x&FBCLID=y", "example.org/a"],
    ["https://example.org/a?_ga=2.1234.5678&_gl=1*abc*_ga*MTIz", "example.org/a"],
    ["https://twitter.com/user/status/1?ref_src=twsrc%5Etfw", "twitter.com/user/status/1"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&utm_source=share", "youtube.com/watch?v=dQw4w9WgXcQ"],
    // One video under YouTube's other addresses for it.
    ["https://youtu.be/dQw4w9WgXcQ?si=Xc3pQ9aLwR7tYb2K", "youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share", "youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/@somechannel/videos", "youtube.com/@somechannel/videos"],
    ["https://www.theguardian.com/world/story?CMP=share_btn_tw", "theguardian.com/world/story"],
    ["https://news.ycombinator.com/item?id=39104563", "news.ycombinator.com/item?id=39104563"],
    // An HTML-escaped ampersand, as copied out of a page's markup.
    ["https://example.org/a?utm_source=x&amp;id=2", "example.org/a?id=2"],
    // Host: www, case, a trailing dot; the path keeps its case.
    ["https://www.example.org/a", "example.org/a"],
    ["HTTPS://WWW.EXAMPLE.ORG/Path/Page", "example.org/Path/Page"],
    ["https://example.org./a", "example.org/a"],
    // Scheme.
    ["http://example.org/a", "example.org/a"],
    // Slashes.
    ["https://example.org/a/", "example.org/a"],
    ["https://example.org/", "example.org"],
    ["https://example.org//a//b/", "example.org/a/b"],
    // Ports: the scheme's default goes, any other port is another server.
    ["https://example.org:443/a", "example.org/a"],
    ["http://example.org:80/a", "example.org/a"],
    ["https://example.org:8443/a", "example.org:8443/a"],
    ["http://example.org:443/a", "example.org:443/a"],
    // Fragments, text fragments included; a route fragment addresses a page and stays.
    ["https://example.org/a#comments", "example.org/a"],
    ["https://example.org/a#:~:text=rate%20hike", "example.org/a"],
    ["https://example.org/a#intro:~:text=rate", "example.org/a"],
    ["https://example.org/app/#/settings/profile", "example.org/app#/settings/profile"],
    ["https://example.org/#!/item/3", "example.org/#!/item/3"],
    ["https://example.org/app#/route:~:text=foo", "example.org/app#/route"],
    // Query: sorted, empty query dropped, one spelling of a space.
    ["https://example.org/search?q=fed&page=2&lang=en", "example.org/search?lang=en&page=2&q=fed"],
    ["https://example.org/a?", "example.org/a"],
    ["https://example.org/a?q=a%20b", "example.org/a?q=a+b"],
    ["https://example.org/a?q=a+b", "example.org/a?q=a+b"],
    // AMP variants fold onto the main page.
    ["https://amp.example.com/news/1", "example.com/news/1"],
    ["https://example.com/news/1/amp/", "example.com/news/1"],
    ["https://example.com/news/1/amp", "example.com/news/1"],
    ["https://www.bbc.co.uk/news/amp/world-123", "bbc.co.uk/news/world-123"],
    ["https://example.com/news/1.amp.html", "example.com/news/1.html"],
    ["https://example.com/news/1?amp=1", "example.com/news/1"],
    ["https://example.com/news/1?amp", "example.com/news/1"],
    ["https://amp.theguardian.com/world/2024/may/01/story", "theguardian.com/world/2024/may/01/story"],
    ["https://example.com/amp-stories/x", "example.com/amp-stories/x"],
    // An article id's AMP form, as Hearst's magazines print it; a short number after "amp" is not one.
    [
      "https://www.goodhousekeeping.com/childrens-products/amp65432198/nuvola-recall/",
      "goodhousekeeping.com/childrens-products/a65432198/nuvola-recall",
    ],
    ["https://example.com/guide/amp12/x", "example.com/guide/amp12/x"],
    // NCBI's old PubMed and PMC addresses are the records' new ones; its other pages stay.
    ["https://www.ncbi.nlm.nih.gov/pubmed/38412276", "pubmed.ncbi.nlm.nih.gov/38412276"],
    ["https://www.ncbi.nlm.nih.gov/pmc/articles/PMC11023488/", "pmc.ncbi.nlm.nih.gov/articles/PMC11023488"],
    ["https://www.ncbi.nlm.nih.gov/books/NBK279393/", "ncbi.nlm.nih.gov/books/NBK279393"],
    // An ".amp" ending (BBC's AMP pages) is the page itself; a word ending in "amp" is not.
    ["https://www.bbc.com/news/health-68512345.amp", "bbc.com/news/health-68512345"],
    ["https://example.com/news/stamp", "example.com/news/stamp"],
    // Mobile hosts fold; sites whose name is the word stay.
    ["https://m.example.com/news/1", "example.com/news/1"],
    ["https://mobile.twitter.com/user/status/1", "twitter.com/user/status/1"],
    ["https://m.bbc.co.uk/news", "bbc.co.uk/news"],
    ["https://mobile.de/auto", "mobile.de/auto"],
    ["https://amp.dev/documentation", "amp.dev/documentation"],
    // Percent-encoding: one spelling per character; an encoded slash is not a separator.
    ["https://example.org/caf%c3%a9", "example.org/caf%C3%A9"],
    ["https://example.org/café", "example.org/caf%C3%A9"],
    ["https://example.org/%7Euser", "example.org/~user"],
    ["https://example.org/a%2Fb", "example.org/a%2Fb"],
    ["https://example.org/a b", "example.org/a%20b"],
    // International hosts: the ASCII (punycode) form, whatever form came in.
    ["https://bücher.de/buch", "xn--bcher-kva.de/buch"],
    ["https://xn--bcher-kva.de/buch", "xn--bcher-kva.de/buch"],
    ["https://www.BÜCHER.de/buch", "xn--bcher-kva.de/buch"],
    // Directory index: `/a/index.html` is the page `/a/` serves.
    ["https://example.org/a/index.html", "example.org/a"],
    ["https://example.org/index.php", "example.org"],
    ["https://example.org/a/index.html?id=1", "example.org/a?id=1"],
    ["https://example.org/a/main.html", "example.org/a/main.html"],
    // Credentials never reach the key.
    ["https://user:secret@example.org/a", "example.org/a"],
  ])("%s → %s", (url, expected) => {
    expect(canonicalUrl(url)).toBe(expected);
  });

  it.each([
    [
      "a news article",
      [
        "https://www.theguardian.com/world/2024/may/01/story",
        "http://theguardian.com/world/2024/may/01/story/",
        "https://amp.theguardian.com/world/2024/may/01/story?utm_source=twitter",
        "https://www.theguardian.com/world/2024/may/01/story?CMP=share_btn_tw&fbclid=IwAR0#comments",
        "https://m.theguardian.com/world/2024/may/01/story#:~:text=officials%20said",
        "https://www.theguardian.com:443/world/2024/may/01/story/amp",
      ],
    ],
    [
      "a page with its own parameters",
      [
        "https://shop.example.com/item?id=42&color=red",
        "https://shop.example.com/item?color=red&id=42&gclid=abc",
        "http://shop.example.com/item/?color=red&id=42&utm_campaign=x",
      ],
    ],
  ])("variants of %s share one key", (_name, urls) => {
    const keys = new Set(urls.map(canonicalUrl));
    expect(keys.size).toBe(1);
    expect(keys.has(null)).toBe(false);
  });

  it.each([
    ["different paths", "https://example.org/a", "https://example.org/b"],
    ["different ids", "https://example.org/item?id=1", "https://example.org/item?id=2"],
    ["different ports", "https://example.org/a", "https://example.org:8080/a"],
    ["path case", "https://example.org/A", "https://example.org/a"],
    ["different hosts", "https://news.example.org/a", "https://example.org/a"],
  ])("%s stay apart", (_name, first, second) => {
    expect(canonicalUrl(first)).not.toBe(canonicalUrl(second));
  });
});

describe("canonicalUrl: not a page", () => {
  it.each([
    "",
    "   ",
    "not a url",
    "example.org/a",
    "//example.org/a",
    "ftp://example.org/file",
    "javascript:alert(1)",
    "mailto:someone@example.org",
    "data:text/html,hello",
    "file:///etc/passwd",
    "http://",
    "https://exa mple.org/",
    "http://[::1",
    "https://example.org:99999/",
  ])("%j → null", (url) => {
    expect(canonicalUrl(url)).toBeNull();
  });

  it.each([undefined, null, 42, {}])("%j from an untyped caller → null", (value) => {
    expect(canonicalUrl(value as unknown as string)).toBeNull();
  });
});

describe("domainOf", () => {
  it.each([
    ["https://www.bbc.co.uk/news", "bbc.co.uk"],
    ["https://m.facebook.com/x", "facebook.com"],
    ["https://mobile.twitter.com/x", "twitter.com"],
    ["https://amp.theguardian.com/x", "theguardian.com"],
    ["https://en.m.wikipedia.org/wiki/X", "en.wikipedia.org"],
    ["https://am.example.com/x", "am.example.com"],
    ["https://NEWS.Example.ORG/x", "news.example.org"],
    ["https://bücher.de/x", "xn--bcher-kva.de"],
    ["not a url", ""],
  ])("%s → %j", (url, expected) => {
    expect(domainOf(url)).toBe(expected);
  });
});

describe("canonicalUrl sets only what changes", () => {
  // The plain definition: every part set, whether it changed or not (canonicalUrl skips the
  // setters that would change nothing, for speed).
  const TRACKING = [/^utm_\w+$/i, /^mc_(?:cid|eid)$/i, /^_hs(?:enc|mi)$/i, /^_g[al]$/i];
  function reference(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    parsed.hostname = parsed.hostname
      .toLowerCase()
      .replace(/^(?:www\.)?(?:m|mobile|amp)\.(?=[^.]+\.[^.]+)/, "");
    parsed.pathname =
      parsed.pathname.replace(/\/amp(?=\/|$)/i, "").replace(/\.amp(?=\.html?$|$)/i, "") || "/";
    parsed.search = parsed.search.replace(/&amp;/gi, "&");
    if (!/^#!?\//.test(parsed.hash)) parsed.hash = "";
    try {
      return normalizeUrl(parsed.toString(), {
        stripProtocol: true,
        stripWWW: true,
        stripHash: false,
        stripTextFragment: true,
        stripAuthentication: true,
        removeQueryParameters: [
          ...TRACKING,
          /^(?:fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|igshid|twclid|mkt_tok)$/i,
          /^(?:ref|ref_src|ref_url|referrer|cmp|cmpid|ocid|spm|smid|share|amp)$/i,
        ],
        removeTrailingSlash: true,
        removeSingleSlash: true,
        removeExplicitPort: false,
        sortQueryParameters: true,
        removeDirectoryIndex: [/^index\.(?:html?|php)$/i],
      });
    } catch {
      return null;
    }
  }

  it("gives what setting every part gives, empty `?` and `#` included", () => {
    const part = fc.constantFrom(
      "",
      "?",
      "#",
      "?a=1",
      "#x",
      "#!/r",
      "?utm_source=x",
      "?&amp;b=2",
      "/amp",
      ".amp",
      "/",
    );
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        part,
        part,
        (url, first, second) => {
          const candidate = `${url}${first}${second}`;
          expect(canonicalUrl(candidate)).toBe(reference(candidate));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
