import type { DomDocument, DomElement } from "./extract-html-dom.js";

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
  removeAll(document.querySelectorAll(OVERLAYS));
  removeAll(marked(document, CONSENT));
}

export function removeFurniture(document: DomDocument): void {
  removeOverlays(document);
  removeAll(document.querySelectorAll(FURNITURE));
  // Inside the article a header is its headline and a "share" box a line at most: they stay.
  removeAll(outsideContent(document.querySelectorAll(SITE_HEADERS)));
  removeAll(outsideContent(marked(document, FURNITURE_WORDS)));
}

function marked(document: DomDocument, words: RegExp): DomElement[] {
  return Array.from(document.querySelectorAll("[class], [id]")).filter((element) =>
    words.test(`${element.getAttribute("id") ?? ""} ${element.getAttribute("class") ?? ""}`),
  );
}

function outsideContent(elements: ArrayLike<DomElement>): DomElement[] {
  return Array.from(elements).filter((element) => !element.closest("article, main"));
}

function removeAll(elements: ArrayLike<DomElement>): void {
  for (const element of Array.from(elements)) {
    if (holdsContent(element)) continue;
    element.remove();
  }
}

function holdsContent(element: DomElement): boolean {
  return CONTENT.has(element.localName.toLowerCase()) || element.querySelector("main, article") !== null;
}
