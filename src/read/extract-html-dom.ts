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
