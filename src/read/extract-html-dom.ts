/**
 * The slice of the DOM the HTML extraction uses, typed here because the project compiles without
 * the DOM library; linkedom's documents provide it. The parser is loaded on first use, so a
 * process that never reads a page never pays for it.
 */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const DOCUMENT_NODE = 9;
export const FRAGMENT_NODE = 11;

export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly parentNode: DomNode | null;
  readonly childNodes: ArrayLike<DomNode>;
  readonly textContent: string | null;
  readonly firstChild: DomNode | null;
  appendChild(node: DomNode): DomNode;
  insertBefore(node: DomNode, before: DomNode | null): DomNode;
  remove(): void;
}

export interface DomElement extends DomNode {
  readonly localName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  hasAttribute(name: string): boolean;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  closest(selectors: string): DomElement | null;
  /** Merges adjacent text nodes (an entity such as &#27; is a text node of its own in linkedom). */
  normalize(): void;
}

export interface DomDocument {
  readonly documentElement: DomElement | null;
  readonly head: DomElement;
  readonly body: DomElement;
  createElement(name: string): DomElement;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

/** Replaces the text of every text node under `root` by `edit(text)`, in one walk. */
export function editTexts(root: DomNode, edit: (text: string) => string): void {
  const stack: DomNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.nodeType === TEXT_NODE) {
      const text = node.textContent ?? "";
      const edited = edit(text);
      if (edited !== text) (node as { textContent: string }).textContent = edited;
    }
    // One copy of the children: linkedom builds `childNodes` afresh on every read, so indexing it
    // in a loop is quadratic in the number of children.
    const children = Array.from(node.childNodes);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as DomNode);
  }
}

/** White space kept in one run: a code block's indentation fits, a page of padding does not. */
const MAX_WHITE_SPACE_RUN = 64;
const LONG_WHITE_SPACE = new RegExp(`\\s{${MAX_WHITE_SPACE_RUN + 1},}`, "gu");

/**
 * Cuts every run of white space (non-breaking spaces too) to its first 64 characters. Readability's
 * and turndown's trimming patterns take time that grows with the square of a run's length (200,000
 * non-breaking spaces: a minute), and the text makes any run one space anyway. Adjacent text nodes
 * are merged first: linkedom makes each character reference (`&nbsp;`) a node of its own.
 */
export function shortenWhiteSpace(root: DomElement): void {
  root.normalize();
  editTexts(root, (text) => text.replace(LONG_WHITE_SPACE, (run) => run.slice(0, MAX_WHITE_SPACE_RUN)));
}

/** Elements that belong in <head> when a page leaves them outside it. */
const HEAD_ELEMENTS = new Set(["base", "link", "meta", "script", "style", "title"]);

let linkedom: Promise<typeof import("linkedom")> | undefined;

/**
 * The page as a document whose <html> holds a <head> and a <body> with all the page's content,
 * as a browser builds it. linkedom parses markup as written: a fragment has no <html>, and content
 * outside a (missing) <body> would be out of reach of `document.body` and of Readability.
 */
export async function parseDocument(html: string): Promise<DomDocument> {
  linkedom ??= import("linkedom");
  const { parseHTML } = await linkedom;
  const parse = (markup: string) => parseHTML(markup).document as unknown as DomDocument;
  let document = parse(html);
  if (document.documentElement?.localName.toLowerCase() !== "html") document = parse(`<html>${html}</html>`);
  gatherBody(document, document.documentElement as DomElement);
  return document;
}

function gatherBody(document: DomDocument, root: DomElement): void {
  const children = Array.from(root.childNodes);
  const named = (node: DomNode, name: string) => isElement(node) && node.localName.toLowerCase() === name;
  const head = children.find((node) => named(node, "head"));
  const existing = children.find((node) => named(node, "body"));
  const strays = children.filter((node) => node !== head && node !== existing);
  if (existing && strays.every((node) => !isElement(node) && !(node.textContent ?? "").trim())) return;
  const body = existing ?? document.createElement("body");
  const bodyAt = existing ? children.indexOf(existing) : children.length;
  const first = body.firstChild;
  const toHead: DomNode[] = [];
  for (const node of strays) {
    const index = children.indexOf(node);
    if (index < bodyAt && isElement(node) && HEAD_ELEMENTS.has(node.localName.toLowerCase()))
      toHead.push(node);
    else if (index < bodyAt) body.insertBefore(node, first);
    else body.appendChild(node);
  }
  if (!existing) root.appendChild(body);
  // linkedom's head getter makes a <head> first in <html> when there is none.
  for (const node of toHead) document.head.appendChild(node);
}
