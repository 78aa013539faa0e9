import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractPage } from "../../src/read/extract-page.js";
import { minimalPdf } from "../fixtures/pages/minimal-pdf.js";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/pages/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const PAGE_URL = "https://gazette.example/energy/heat-pumps?utm_source=feed";

describe("extractPage: an article page", () => {
  const read = () =>
    extractPage({ bytes: fixture("article.html"), contentType: "text/html; charset=utf-8", url: PAGE_URL });

  it("keeps the article's paragraphs and headings, paragraphs apart", async () => {
    const page = await read();
    expect(page.kind).toBe("html");
    expect(page.text).toMatch(/^Air-source heat pumps keep working well below freezing/);
    expect(page.text).toContain(
      "The study followed 150 homes and logged every hour of operation, including the coldest nights of each season.\n\nWhat the measurements show\n\nAcross the coldest month",
    );
    expect(page.text).toMatch(/make the larger difference to running costs over the life of the system\.$/);
    expect(page.text.split("\n\n")).toHaveLength(6);
  });

  it("leaves out the menu, cookie banner, sidebar, footer, scripts and styles", async () => {
    const { text, markdown } = await read();
    for (const marker of [
      "NAV_MENU_MARKER",
      "COOKIE_BANNER_MARKER",
      "SIDEBAR_MARKER",
      "FOOTER_MARKER",
      "INLINE_SCRIPT_MARKER",
      "ARTICLE_SCRIPT_MARKER",
      "TRAILING_SCRIPT_MARKER",
      "STYLE_RULE_MARKER",
      "font-family",
      "Accept all",
      "datePublished",
    ]) {
      expect(text).not.toContain(marker);
      expect(markdown).not.toContain(marker);
    }
  });

  it("reads the title, the canonical address, the publication time and the language", async () => {
    const page = await read();
    expect(page.title).toBe("Heat pumps in cold winters");
    // The <link rel=canonical> resolved against the page, before og:url.
    expect(page.canonicalUrl).toBe("https://gazette.example/energy/heat-pumps-in-cold-winters");
    // article:published_time, before the JSON-LD date and the <time> in the byline.
    expect(page.publishedAt).toBe("2024-03-05T08:30:00.000Z");
    expect(page.language).toBe("en-GB");
  });

  it("gives markdown with the headings and paragraphs", async () => {
    const { markdown } = await read();
    expect(markdown).toContain("## What the measurements show\n\nAcross the coldest month");
    expect(markdown).toContain("## What it means for households");
    expect(markdown).toMatch(/^Air-source heat pumps/);
  });

  it("gives the same text for the same input", async () => {
    const [first, second] = await Promise.all([read(), read()]);
    expect(second.text).toBe(first.text);
    expect(second.markdown).toBe(first.markdown);
    expect(await read()).toEqual(first);
  });
});

describe("extractPage: HTML metadata", () => {
  const page = (head: string, body = "<p>Text.</p>", lang = "") =>
    extractPage({
      bytes: utf8(`<!doctype html><html${lang}><head>${head}</head><body>${body}</body></html>`),
      contentType: "text/html",
      url: "https://site.example/a/b",
    });

  it("falls back from JSON-LD to a <time> in the article for the date, and keeps a bare date as one", async () => {
    const jsonLd = `<script type="application/ld+json">[{"@type":"Article","datePublished":"2023-11-02"}]</script>`;
    expect((await page(jsonLd)).publishedAt).toBe("2023-11-02");
    expect(
      (await page("", '<article><time datetime="2022-07-14">14 July</time><p>Hi.</p></article>')).publishedAt,
    ).toBe("2022-07-14");
    // A time without a zone names no instant: its date is kept.
    expect(
      (await page('<meta property="article:published_time" content="2021-05-06T10:00:00">')).publishedAt,
    ).toBe("2021-05-06");
    expect(
      (await page('<meta property="article:published_time" content="yesterday">')).publishedAt,
    ).toBeUndefined();
    expect(
      (await page('<meta property="article:published_time" content="2021-02-30">')).publishedAt,
    ).toBeUndefined();
  });

  it("takes og:url when there is no canonical link, and only http(s) addresses", async () => {
    expect((await page('<meta property="og:url" content="https://site.example/c">')).canonicalUrl).toBe(
      "https://site.example/c",
    );
    expect((await page('<link rel="canonical" href="javascript:alert(1)">')).canonicalUrl).toBeUndefined();
    expect((await page("")).canonicalUrl).toBeUndefined();
  });

  it("reads the language from a content-language meta when <html> has none", async () => {
    expect((await page('<meta http-equiv="Content-Language" content="de_AT, en">')).language).toBe("de-AT");
    expect((await page("", "<p>x</p>", ' lang="not a tag"')).language).toBeUndefined();
  });

  it("keeps web and mail links in the markdown, absolute, and drops script links and inline images", async () => {
    const { markdown } = await page(
      "",
      '<p>See <a href="../c">this</a>, <a href="mailto:a@site.example">mail</a> and <a href="javascript:go()">that</a>.<img src="data:image/png;base64,AAAA" alt="x"><img src="/i.png" alt="chart"></p>',
    );
    expect(markdown).toBe(
      "See [this](https://site.example/c), [mail](mailto:a@site.example) and that.![chart](https://site.example/i.png)",
    );
  });
});

/** `text` in windows-1252: Latin-1 as is, and the one character above it the tests use. */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    if (char === "\u2013") return 0x96;
    const code = char.charCodeAt(0);
    if (code > 0xff || (code >= 0x80 && code < 0xa0))
      throw new Error(`not in the test's windows-1252: ${char}`);
    return code;
  });
}

const FRENCH_PAGE = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
<title>Café crème – la recette</title>
</head>
<body>
<h1>Café crème</h1>
<p>Un café crème naïf, servi à Noël – « délicieux ».</p>
</body>
</html>
`;

describe("extractPage: character sets", () => {
  it("decodes a windows-1252 page by its <meta> charset", async () => {
    const page = await extractPage({
      bytes: windows1252(FRENCH_PAGE),
      contentType: "text/html",
      url: "https://recettes.example/cafe",
    });
    expect(page.title).toBe("Café crème – la recette");
    expect(page.text).toBe("Café crème\n\nUn café crème naïf, servi à Noël – « délicieux ».");
    expect(page.language).toBe("fr");
  });

  it("takes the content type's charset over the page's own", async () => {
    const bytes = Uint8Array.from([
      ...utf8('<html><head><meta charset="utf-8"></head><body><p>Ni'),
      0xf1, // ñ in ISO-8859-1
      ...utf8("o</p></body></html>"),
    ]);
    const page = await extractPage({
      bytes,
      contentType: "text/html; charset=ISO-8859-1",
      url: "https://x.example/",
    });
    expect(page.text).toBe("Niño");
  });

  it("reads UTF-8 when nothing is declared, and an unknown charset as UTF-8", async () => {
    const bytes = utf8("<p>Zürich – 東京</p>");
    for (const contentType of ["text/html", "text/html; charset=no-such-charset"]) {
      expect((await extractPage({ bytes, contentType, url: "https://x.example/" })).text).toBe(
        "Zürich – 東京",
      );
    }
  });
});

describe("extractPage: a short page Readability finds nothing in", () => {
  it("reads the body's visible text without scripts, styles, navigation, header and footer", async () => {
    const page = await extractPage({
      bytes: fixture("short.html"),
      contentType: "text/html",
      url: "https://library.example/hours",
    });
    expect(page.title).toBe("Opening hours");
    expect(page.text).toBe(
      "Opening hours\n\nMonday to Friday: 9 am to 6 pm.\nSaturday: 10 am to 4 pm.\n\nClosed on Sundays and public holidays.",
    );
    expect(page.markdown).toMatch(/^# Opening hours\n\nMonday to Friday/);
  });

  it("reads a page that is one line of text", async () => {
    const page = await extractPage({
      bytes: utf8("Just this."),
      contentType: "text/html",
      url: "https://x.example/",
    });
    expect(page.text).toBe("Just this.");
  });

  it("reads a page nested thousands of levels deep by the fallback, without markdown", async () => {
    const html = `<html><body>${"<div>".repeat(5_000)}<p>Deep text.</p>${"</div>".repeat(5_000)}</body></html>`;
    const page = await extractPage({
      bytes: utf8(html),
      contentType: "text/html",
      url: "https://x.example/",
    });
    expect(page.text).toBe("Deep text.");
    expect(page.markdown).toBeUndefined();
  });

  it("gives empty text for a page with nothing visible", async () => {
    const page = await extractPage({
      bytes: utf8("<html><head><title>Empty</title></head><body><script>x()</script></body></html>"),
      contentType: "text/html",
      url: "https://x.example/",
    });
    expect(page.text).toBe("");
    expect(page.title).toBe("Empty");
  });
});

describe("extractPage: untrusted characters", () => {
  const ESC = "\u001b";
  const hostile = `Red ${ESC}[31malert${ESC}[0m here.\r\nTitle ${ESC}]0;pwned\u0007set.\u0000\u0008 Bell\u0007 and C1 \u009b2J end.\r\n\r\n\r\nSecond   \t paragraph.\u000cThird page.`;

  it("removes terminal escape sequences and control characters from plain text", async () => {
    const page = await extractPage({
      bytes: utf8(hostile),
      contentType: "text/plain",
      url: "https://x.example/t",
    });
    expect(page.text).toBe(
      "Red alert here.\nTitle set. Bell and C1 2J end.\n\nSecond paragraph.\nThird page.",
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding none is the point
    expect(page.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it("removes them from HTML text, title and markdown alike", async () => {
    const html = `<html><head><title>T${ESC}[2Jitle&#27;[1m</title></head><body><p>Bold &#x1b;[1mclaim&#27;[0m and raw ${ESC}[4munderline.</p></body></html>`;
    const page = await extractPage({
      bytes: utf8(html),
      contentType: "text/html",
      url: "https://x.example/",
    });
    expect(page.title).toBe("Title");
    expect(page.text).toBe("Bold claim and raw underline.");
    expect(page.markdown).toBe("Bold claim and raw underline.");
  });

  it("caps the text at maxTextChars with no marker, never splitting a surrogate pair", async () => {
    const text = `${"word ".repeat(50)}\n\n${"😀".repeat(20)}`;
    const page = await extractPage({
      bytes: utf8(text),
      contentType: "text/plain",
      url: "https://x.example/",
      maxTextChars: 256,
    });
    expect(page.text.length).toBeLessThanOrEqual(256);
    expect(page.text).toBe(`${"word ".repeat(49)}word\n\n${"😀".repeat(2)}`);
    expect(
      (await extractPage({ bytes: utf8(text), contentType: "text/plain", url: "https://x.example/" })).text,
    ).toBe(text.replace(/ \n/, "\n"));
  });
});

describe("extractPage: PDF", () => {
  const pdf = minimalPdf({
    pages: [
      ["Field study of heat pumps (2024)", "Performance stayed above two in January."],
      ["Second page: installation quality mattered most."],
    ],
    title: "Heat pump field study",
    creationDate: "D:20240305101500+01'00'",
    lang: "en-GB",
  });

  it("reads the text of every page, pages apart, and the title and date of its metadata", async () => {
    const page = await extractPage({
      bytes: pdf,
      contentType: "application/pdf",
      url: "https://lab.example/r.pdf",
    });
    expect(page).toEqual({
      kind: "pdf",
      title: "Heat pump field study",
      canonicalUrl: undefined,
      publishedAt: "2024-03-05T09:15:00.000Z",
      language: "en-GB",
      text: "Field study of heat pumps (2024)\nPerformance stayed above two in January.\n\nSecond page: installation quality mattered most.",
      markdown: undefined,
    });
  });

  it("leaves the caller's bytes as they were", async () => {
    const bytes = pdf.slice();
    await extractPage({ bytes, contentType: "application/pdf", url: "https://lab.example/r.pdf" });
    expect(bytes).toEqual(pdf);
  });

  it("keeps a date without a zone as a date, and does without metadata", async () => {
    const bare = minimalPdf({ pages: [["Only text."]], creationDate: "D:19991231" });
    const page = await extractPage({
      bytes: bare,
      contentType: "application/pdf",
      url: "https://lab.example/b.pdf",
    });
    expect(page.text).toBe("Only text.");
    expect(page.publishedAt).toBe("1999-12-31");
    expect(page.title).toBeUndefined();
    expect(page.language).toBeUndefined();
  });

  it("rejects bytes that are not a PDF", async () => {
    await expect(
      extractPage({
        bytes: utf8("not a pdf"),
        contentType: "application/pdf",
        url: "https://lab.example/x.pdf",
      }),
    ).rejects.toThrow();
  });
});

describe("extractPage: plain text and other content types", () => {
  it("reads plain text as it is", async () => {
    const text = "First line\nsecond line\n\nNext paragraph — with ünïcödé.";
    const page = await extractPage({
      bytes: utf8(text),
      contentType: "text/plain; charset=utf-8",
      url: "https://x.example/",
    });
    expect(page).toEqual({
      kind: "text",
      title: undefined,
      canonicalUrl: undefined,
      publishedAt: undefined,
      language: undefined,
      text,
      markdown: undefined,
    });
  });

  it("gives markdown as its own markdown, titled by its first heading", async () => {
    const text = "# Notes on pumps\n\nSome *text*.";
    const page = await extractPage({
      bytes: utf8(text),
      contentType: "text/markdown",
      url: "https://x.example/n.md",
    });
    expect(page.title).toBe("Notes on pumps");
    expect(page.text).toBe(text);
    expect(page.markdown).toBe(text);
  });

  it("decodes plain text by its charset", async () => {
    const bytes = Uint8Array.from([0x93, 0x51, 0x94, 0x20, 0x80, 0x35]);
    const page = await extractPage({
      bytes,
      contentType: "text/plain; charset=windows-1252",
      url: "https://x.example/",
    });
    expect(page.text).toBe("“Q” €5");
  });

  it.each(["image/png", "application/json", "", "application/octet-stream"])(
    "rejects %j",
    async (contentType) => {
      await expect(
        extractPage({ bytes: utf8("{}"), contentType, url: "https://x.example/" }),
      ).rejects.toThrow(/content type .* not read/);
    },
  );
});
