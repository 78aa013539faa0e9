import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));
const script = join(repo, "scripts/check-links.mjs");

interface LinkCheck {
  files: string[];
  broken: { file: string; line: number; target: string; problem: string }[];
}

/** Runs the same check as `npm run check:links`, on the repository or on a scratch folder. */
function checkLinks(root: string): LinkCheck {
  try {
    return JSON.parse(
      execFileSync(process.execPath, [script, "--root", root, "--json"], { encoding: "utf8" }),
    );
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return JSON.parse(stdout);
    throw error;
  }
}

describe("relative links in the documentation", () => {
  it("every link in README.md, docs/, bench/README.md and prompts/ resolves, anchors included", () => {
    const result = checkLinks(repo);
    expect(result.files).toEqual(expect.arrayContaining(["README.md", "docs/README.md", "bench/README.md"]));
    expect(result.broken).toEqual([]);
  });

  const scratch = mkdtempSync(join(tmpdir(), "core-search-links-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("reports a missing file and a missing heading, and ignores code and other sites", () => {
    mkdirSync(join(scratch, "docs"));
    writeFileSync(
      join(scratch, "README.md"),
      [
        "# Title",
        "## Set-up — `npm ci`",
        "[fine](docs/guide.md#the-guide) [fine too](#set-up--npm-ci)",
        "[gone](docs/missing.md) [no heading](docs/guide.md#nowhere) [here](#no-such-heading)",
        "`[not a link](nowhere.md)`",
        "```",
        "[not a link either](nowhere.md)",
        "```",
        "[site](https://example.org/x.md)",
        "A link whose text [wraps onto",
        "the next line](docs/wrapped.md), and `code that [wraps",
        "onto the next line](nowhere.md)`.",
      ].join("\n"),
    );
    writeFileSync(join(scratch, "docs/guide.md"), "# The guide\n\n[back](../README.md#title)\n");
    const result = checkLinks(scratch);
    expect(result.files).toEqual(["README.md", "docs/guide.md"]);
    expect(result.broken.map(({ file, line, target }) => `${file}:${line} ${target}`)).toEqual([
      "README.md:4 docs/missing.md",
      "README.md:4 docs/guide.md#nowhere",
      "README.md:4 #no-such-heading",
      "README.md:11 docs/wrapped.md",
    ]);
  });
});
