import { DOCUMENT_NODE, type DomNode, FRAGMENT_NODE, isElement, TEXT_NODE } from "./extract-html-dom.js";
import { normalisePageText } from "./page-text.js";

/** Elements that start and end a paragraph of their own. */
const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "center",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "html",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);

/** Table cells sit side by side: a space keeps their words apart. */
const CELLS = new Set(["td", "th"]);

/** Elements whose content is never read as text. */
const SILENT = new Set([
  "canvas",
  "embed",
  "head",
  "iframe",
  "input",
  "math",
  "noscript",
  "object",
  "script",
  "select",
  "style",
  "svg",
  "template",
  "textarea",
]);

/** The white space HTML collapses; a no-break space is not part of it. */
const COLLAPSIBLE = /[ \t\n\f\r]+/g;

const PARAGRAPH = "\n\n";

/**
 * The visible text under `root`, a paragraph per block element, a line per <br>, white space
 * collapsed outside <pre>, then normalised (see normalisePageText). Walks with its own stack, so a
 * page nested thousands of levels deep cannot overflow the call stack.
 */
export function blockText(root: DomNode, maxChars: number): string {
  const parts: string[] = [];
  let length = 0;
  let preDepth = 0;
  // A node to enter, or the name of an element to leave.
  const stack: (DomNode | { leave: string })[] = [root];
  // Stop gathering well past the cap: white space still goes when normalised.
  while (stack.length > 0 && length <= maxChars * 2) {
    const item = stack.pop() as DomNode | { leave: string };
    if ("leave" in item) {
      if (item.leave === "pre") preDepth -= 1;
      if (BLOCKS.has(item.leave)) parts.push(PARAGRAPH);
      else if (CELLS.has(item.leave)) parts.push(" ");
      continue;
    }
    if (item.nodeType === TEXT_NODE) {
      const data = item.textContent ?? "";
      const text = preDepth > 0 ? data : data.replace(COLLAPSIBLE, " ");
      parts.push(text);
      length += text.length;
      continue;
    }
    if (!isElement(item)) {
      // A document or fragment passed as the root: read its children; comments say nothing.
      if (item.nodeType === DOCUMENT_NODE || item.nodeType === FRAGMENT_NODE) pushChildren(stack, item);
      continue;
    }
    const name = item.localName.toLowerCase();
    if (SILENT.has(name)) continue;
    if (name === "br") {
      parts.push("\n");
      continue;
    }
    if (BLOCKS.has(name)) parts.push(PARAGRAPH);
    else if (CELLS.has(name)) parts.push(" ");
    if (name === "pre") preDepth += 1;
    stack.push({ leave: name });
    pushChildren(stack, item);
  }
  return normalisePageText(parts.join(""), maxChars);
}

/** Children go on the stack last first, so they come off it in document order. */
function pushChildren(stack: (DomNode | { leave: string })[], node: DomNode): void {
  const children = node.childNodes;
  for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as DomNode);
}
