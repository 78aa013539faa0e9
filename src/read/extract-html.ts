import { isoDate } from "./extract-dates.js";
import { removeFurniture, removeOverlays } from "./extract-html-clutter.js";
import {
  type DomDocument,
  type DomElement,
  type DomNode,
  isElement,
  parseDocument,
  shortenWhiteSpace,
} from "./extract-html-dom.js";
import { httpUrl, readHtmlMeta } from "./extract-html-meta.js";
import { blockText } from "./extract-html-text.js";
import { toMarkdown } from "./extract-markdown.js";
import type { ExtractedPage } from "./extract-page.js";
import { cleanLine } from "./page-text.js";

/**
 * Below this many characters Readability's pick is not trusted to be the page (its own threshold):
 * on a short page it may keep a menu and drop the heading. The whole visible body is read instead.
 */
const ARTICLE_MIN_CHARS = 500;

/**
 * Readability's time grows with the square of the nesting depth and more than linearly with the
 * element count (1,000 nested <div>s: seconds), and turndown recurses once per level. Past these a
 * page is read by the fallback alone, and without markdown when it is this deep; ordinary pages are
 * a few dozen levels deep and a few thousand elements large.
 */
const MAX_DEPTH = 128;
const MAX_ARTICLE_ELEMENTS = 30_000;

/** Markdown carries link targets and markup besides the text, so it may run longer. */
const MARKDOWN_CHARS_PER_TEXT_CHAR = 2;

export async function extractHtml(
  html: string,
  pageUrl: string,
  maxTextChars: number,
): Promise<ExtractedPage> {
  const document = await parseDocument(html);
  shortenWhiteSpace(document.documentElement as DomElement);
  const meta = readHtmlMeta(document, pageUrl);
  const baseUrl = httpUrl(document.querySelector("base[href]")?.getAttribute("href"), pageUrl) ?? pageUrl;
  const shape = documentShape(document);
  removeOverlays(document);
  const readable = shape.depth <= MAX_DEPTH && shape.elements <= MAX_ARTICLE_ELEMENTS;
  const article = readable ? await readArticle(document) : null;
  let content = article?.content ?? undefined;
  let text = content ? blockText(content, maxTextChars) : "";
  if (text.length < ARTICLE_MIN_CHARS) {
    // Readability changes the document it reads: after it, the fallback starts from the markup again.
    const whole = readable ? await parseDocument(html) : document;
    if (whole !== document) shortenWhiteSpace(whole.documentElement as DomElement);
    removeFurniture(whole);
    const body = whole.body;
    const bodyText = blockText(body, maxTextChars);
    if (bodyText !== "") {
      content = body;
      text = bodyText;
    }
  }
  return {
    kind: "html",
    title: cleanLine(article?.title) ?? meta.title,
    canonicalUrl: meta.canonicalUrl,
    publishedAt: meta.publishedAt ?? isoDate(article?.publishedTime),
    language: meta.language,
    text,
    markdown:
      content && shape.depth <= MAX_DEPTH
        ? await toMarkdown(content, baseUrl, maxTextChars * MARKDOWN_CHARS_PER_TEXT_CHAR)
        : undefined,
  };
}

interface Article {
  title: string | null | undefined;
  content: DomElement | null | undefined;
  publishedTime: string | null | undefined;
}

let readability: Promise<typeof import("@mozilla/readability")> | undefined;

/** How deep the page nests and how many elements it has, walked with a stack of its own. */
function documentShape(document: DomDocument): { depth: number; elements: number } {
  let depth = 0;
  let elements = 0;
  const stack: [DomNode, number][] = document.documentElement ? [[document.documentElement, 1]] : [];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, level] = item;
    elements += 1;
    depth = Math.max(depth, level);
    for (const child of Array.from(node.childNodes)) if (isElement(child)) stack.push([child, level + 1]);
  }
  return { depth, elements };
}

/** Readability's article, its content left as an element (no serialising and parsing again). */
async function readArticle(document: DomDocument): Promise<Article | null> {
  readability ??= import("@mozilla/readability");
  const { Readability } = await readability;
  // linkedom's document is structurally the DOM Readability walks; the types name the browser's.
  const reader = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    serializer: (node) => node as unknown as DomElement,
  });
  return reader.parse();
}
