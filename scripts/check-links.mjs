// Checks every relative link in the repository's markdown: the target file must exist and, when the
// link names a heading (`file.md#heading` or `#heading`), the target must have a heading with that
// GitHub-style anchor. Links to other sites (`https:`, `mailto:` …) are not checked.
//
// Usage: node scripts/check-links.mjs [--root <dir>] [--json]
// Exit code 0 when every link resolves, 1 when some do not (each one is printed).

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** The markdown files whose links are checked, relative to the repository root. */
export function markdownFiles(root) {
  const files = ["README.md", "bench/README.md"];
  for (const dir of ["docs", "prompts"]) {
    const path = join(root, dir);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path).sort()) if (name.endsWith(".md")) files.push(`${dir}/${name}`);
  }
  return files.filter((file) => existsSync(join(root, file)));
}

/** Markdown text without fenced code blocks and code spans, where brackets are not links. */
function withoutCode(text) {
  const prose = withoutCodeBlocks(text, "").join("\n");
  // A code span may wrap onto the next line: blank it, keeping its line breaks.
  return prose.replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, " "));
}

/** Every link target in a markdown text, with its line number: inline links, images, definitions. */
export function linksIn(text) {
  const links = [];
  const prose = withoutCode(text);
  const lineAt = (offset) => prose.slice(0, offset).split("\n").length;
  // Link text may wrap onto the next line; the target may not.
  for (const match of prose.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ line: lineAt(match.index + match[0].indexOf("](")), target: match[1] });
  }
  for (const match of prose.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?.*$/gm)) {
    links.push({ line: lineAt(match.index), target: match[1] });
  }
  return links.sort((a, b) => a.line - b.line);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a markdown text defines: its headings (duplicates numbered as GitHub does). */
export function anchorsIn(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutCodeBlocks(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * The text's lines with fenced code blocks taken out (`blank` === undefined) or blanked, so that
 * line numbers stay right. Inline code is kept: it is part of a heading's anchor.
 */
function withoutCodeBlocks(text, blank) {
  const lines = [];
  let fence = null;
  for (const line of text.split("\n")) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    const inCode = fence !== null || marker !== undefined;
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length)
      fence = null;
    if (!inCode) lines.push(line);
    else if (blank !== undefined) lines.push(blank);
  }
  return lines;
}

/** Every relative link under `root` that does not resolve: `{ file, line, target, problem }`. */
export function checkLinks(root) {
  const broken = [];
  const anchorCache = new Map();
  const anchorsOf = (path) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsIn(readFileSync(path, "utf8")));
    return anchorCache.get(path);
  };
  for (const file of markdownFiles(root)) {
    const source = join(root, file);
    for (const { line, target } of linksIn(readFileSync(source, "utf8"))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      const hashAt = target.indexOf("#");
      const pathPart = hashAt === -1 ? target : target.slice(0, hashAt);
      const anchor = hashAt === -1 ? "" : decodeURIComponent(target.slice(hashAt + 1));
      const path = pathPart === "" ? source : resolve(dirname(source), decodeURIComponent(pathPart));
      const report = (problem) => broken.push({ file, line, target, problem });
      if (!existsSync(path)) {
        report(`no such file: ${relative(root, path)}`);
        continue;
      }
      if (anchor === "") continue;
      if (statSync(path).isDirectory() || !path.endsWith(".md")) {
        report(`an anchor on a file that is not markdown: ${relative(root, path)}`);
      } else if (!anchorsOf(path).has(anchor)) {
        report(`no heading #${anchor} in ${relative(root, path)}`);
      }
    }
  }
  return broken;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { root: { type: "string" }, json: { type: "boolean", default: false } },
  });
  const root = resolve(values.root ?? fileURLToPath(new URL("..", import.meta.url)));
  const broken = checkLinks(root);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ files: markdownFiles(root), broken }, null, 2)}\n`);
  } else {
    for (const { file, line, target, problem } of broken) {
      process.stderr.write(`${file}:${line}: ${target}: ${problem}\n`);
    }
    const files = markdownFiles(root).length;
    process.stdout.write(
      broken.length === 0
        ? `check-links: every relative link in ${files} markdown files resolves\n`
        : `check-links: ${broken.length} broken link(s)\n`,
    );
  }
  process.exitCode = broken.length === 0 ? 0 : 1;
}
