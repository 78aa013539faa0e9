import type TurndownService from "turndown";
import { type DomElement, type DomNode, TEXT_NODE } from "./extract-html-dom.js";
import { httpUrl } from "./extract-html-meta.js";
import { capText, stripControls } from "./page-text.js";

/**
 * Markdown of the content element, with turndown (loaded on first use). Links are made absolute
 * and kept only when they lead to a web page or a mail address, images only when they are on the
 * web: a `javascript:` link or a megabyte `data:` image has no place in a quoted page.
 */
export async function toMarkdown(root: DomElement, baseUrl: string, maxChars: number): Promise<string> {
  resolveLinks(root, baseUrl);
  // Before turndown escapes the `[` of an escape sequence, which would leave `\[31m` behind; the
  // text nodes merged first, so a sequence split across them is seen whole.
  root.normalize();
  stripTextControls(root);
  const service = await turndown();
  // turndown accepts any DOM node; its types name the browser's.
  const markdown = service.turndown(root as unknown as TurndownService.Node);
  return capText(stripControls(markdown).trim(), maxChars);
}

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

function stripTextControls(root: DomNode): void {
  const stack: DomNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.nodeType === TEXT_NODE) {
      const text = node.textContent ?? "";
      const clean = stripControls(text);
      if (clean !== text) (node as { textContent: string }).textContent = clean;
    }
    for (let i = node.childNodes.length - 1; i >= 0; i -= 1) stack.push(node.childNodes[i] as DomNode);
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
