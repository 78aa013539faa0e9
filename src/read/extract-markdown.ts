import type TurndownService from "turndown";
import { type DomElement, type DomNode, editTexts, TEXT_NODE } from "./extract-html-dom.js";
import { httpUrl } from "./extract-html-meta.js";
import { capText, stripControls } from "./page-text.js";

/**
 * Markdown of the content element, with turndown (loaded on first use). Links are made absolute
 * and kept only when they lead to a web page or a mail address, images only when they are on the
 * web: a `javascript:` link or a megabyte `data:` image has no place in a quoted page.
 */
export async function toMarkdown(root: DomElement, baseUrl: string, maxChars: number): Promise<string> {
  clipText(root, maxChars);
  resolveLinks(root, baseUrl);
  // Before turndown escapes the `[` of an escape sequence, which would leave `\[31m` behind; the
  // text nodes merged first, so a sequence split across them is seen whole.
  root.normalize();
  editTexts(root, stripControls);
  const service = await turndown();
  // turndown accepts any DOM node; its types name the browser's.
  const markdown = service.turndown(root as unknown as TurndownService.Node);
  return capText(stripControls(markdown).trim(), maxChars);
}

/** Nodes given to turndown at most: a long article has a few thousand. */
const MAX_NODES = 30_000;

let service: Promise<TurndownService> | undefined;

function turndown(): Promise<TurndownService> {
  service ??= import("turndown").then(({ default: Turndown }) => {
    const instance = new Turndown({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
    instance.remove([
      "script",
      "style",
      "noscript",
      "template",
      "iframe",
      "object",
      "embed",
      "svg",
      "canvas",
    ]);
    return instance;
  });
  return service;
}

/**
 * Cuts the content after its first `maxChars` characters of text, or its first {@link MAX_NODES}
 * nodes: markdown is at least as long as the text it marks up, so what follows would be cut from it
 * anyway, and turndown's time grows with the nodes it is given (about 10 µs each).
 */
function clipText(root: DomNode, maxChars: number): void {
  let chars = 0;
  let nodes = 0;
  const stack: DomNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    nodes += 1;
    if (nodes > MAX_NODES) {
      removeAfter(node, root);
      node.remove();
      return;
    }
    if (node.nodeType === TEXT_NODE) {
      chars += (node.textContent ?? "").length;
      if (chars > maxChars) {
        removeAfter(node, root);
        return;
      }
      continue;
    }
    const children = Array.from(node.childNodes);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as DomNode);
  }
}

/** Removes everything after `node` in document order, up to the end of `root`. */
function removeAfter(node: DomNode, root: DomNode): void {
  for (let at = node; at !== root && at.parentNode; at = at.parentNode) {
    const siblings = Array.from(at.parentNode.childNodes);
    for (const later of siblings.slice(siblings.indexOf(at) + 1)) later.remove();
  }
}

function resolveLinks(root: DomElement, baseUrl: string): void {
  for (const link of Array.from(root.querySelectorAll("a[href]"))) {
    const href = link.getAttribute("href") ?? "";
    const resolved = /^mailto:/i.test(href.trim()) ? href.trim() : httpUrl(href, baseUrl);
    if (resolved === undefined) link.removeAttribute("href");
    else link.setAttribute("href", resolved);
  }
  for (const image of Array.from(root.querySelectorAll("img"))) {
    const src = httpUrl(image.getAttribute("src"), baseUrl);
    if (src === undefined) image.remove();
    else image.setAttribute("src", src);
  }
}
