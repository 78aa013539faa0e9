import { type DomDocument, type DomElement, isElement } from "./extract-html-dom.js";

/**
 * Page furniture taken out of a parsed page. `removeOverlays` is safe before Readability: what it
 * removes is never the article (hidden elements, dialogs, cookie and consent notices).
 * `removeFurniture` also takes the site's navigation, headers, footers, sidebars and forms, for the
 * fallback that reads the whole body when Readability finds no article.
 */

const OVERLAYS = [
  "[hidden]",
  "dialog",
  "[role=dialog]",
  "[role=alertdialog]",
  "[aria-modal=true]",
  '[style*="display:none"]',
  '[style*="display: none"]',
  '[style*="visibility:hidden"]',
  '[style*="visibility: hidden"]',
].join(",");

const FURNITURE = [
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "aside",
  "form",
  "button",
  "select",
  "textarea",
  "iframe",
  "svg",
  "canvas",
  "menu",
  "[role=navigation]",
  "[role=banner]",
  "[role=contentinfo]",
  "[role=complementary]",
  "[role=search]",
  "[role=menu]",
  "[role=menubar]",
].join(",");

/** Site headers and footers; an article's own <header> (its headline) stays. */
const SITE_HEADERS = "header, footer";

/** Class or id words that mark a consent notice. */
const CONSENT = /cookie|consent|gdpr|(?:^|[-_\s])cmp(?:[-_\s]|$)/i;

/** Class or id words that mark furniture when the page has no <nav>/<footer> markup to say so. */
const FURNITURE_WORDS =
  /(?:^|[-_\s])(?:nav|navbar|navigation|menu|header|footer|sidebar|breadcrumbs?|share|sharing|social|related|comments?|advert|ads|popup|modal|newsletter|subscribe|banner|skip-link)(?:[-_\s]|$)/i;

/** Elements that hold the content itself, or the whole page: never removed. */
const CONTENT = new Set(["html", "body", "main", "article"]);

export function removeOverlays(document: DomDocument): void {
  const content = contentPlaces(document);
  removeAll(document.querySelectorAll(OVERLAYS), content);
  removeAll(marked(document, CONSENT), content);
}

export function removeFurniture(document: DomDocument): void {
  removeOverlays(document);
  const content = contentPlaces(document);
  removeAll(document.querySelectorAll(FURNITURE), content);
  // Inside the article a header is its headline and a "share" box a line at most: they stay.
  removeAll(outsideContent(document.querySelectorAll(SITE_HEADERS), content), content);
  removeAll(outsideContent(marked(document, FURNITURE_WORDS), content), content);
}

/**
 * Where the content is, found once for a page: the elements that hold it (a <main> or <article>, or
 * one of their ancestors) and those inside it. Asking each element instead (`closest`,
 * `querySelector`) costs its depth or its subtree, which on a page of thousands of nested elements
 * is quadratic.
 */
interface ContentPlaces {
  holders: Set<DomElement>;
  inside: Set<DomElement>;
}

function contentPlaces(document: DomDocument): ContentPlaces {
  const holders = new Set<DomElement>();
  const inside = new Set<DomElement>();
  for (const element of Array.from(document.querySelectorAll("main, article"))) {
    for (let up: DomElement | null = element; up && !holders.has(up); up = parentElement(up)) holders.add(up);
    // Within an element already walked, its descendants are in the set too.
    if (inside.has(element)) continue;
    for (const below of Array.from(element.querySelectorAll("*"))) inside.add(below);
  }
  return { holders, inside };
}

function parentElement(element: DomElement): DomElement | null {
  const parent = element.parentNode;
  return parent && isElement(parent) ? parent : null;
}

function marked(document: DomDocument, words: RegExp): DomElement[] {
  return Array.from(document.querySelectorAll("[class], [id]")).filter((element) =>
    words.test(`${element.getAttribute("id") ?? ""} ${element.getAttribute("class") ?? ""}`),
  );
}

function outsideContent(elements: ArrayLike<DomElement>, content: ContentPlaces): DomElement[] {
  return Array.from(elements).filter((element) => !content.inside.has(element));
}

function removeAll(elements: ArrayLike<DomElement>, content: ContentPlaces): void {
  for (const element of Array.from(elements)) {
    if (CONTENT.has(element.localName.toLowerCase()) || content.holders.has(element)) continue;
    element.remove();
  }
}
