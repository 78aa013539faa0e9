import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MCP_CLIENT_CONFIG } from "../../../src/interfaces/mcp/mcp-client-config.js";
import { runCliWith } from "../../helpers/run-cli.js";

const repo = new URL("../../../", import.meta.url);
const text = (path: string) => readFileSync(new URL(path, repo), "utf8");

/** The ```json blocks of `markdown` that follow `heading`, before the next heading of its level. */
function jsonBlocks(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start, `${heading} is missing`).toBeGreaterThanOrEqual(0);
  const level = heading.split(" ")[0] ?? "";
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n${level} `));
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => match[1] ?? "");
}

describe("the MCP client configuration", () => {
  it("`mcp --help` prints the configuration README.md shows, and no npx", async () => {
    const { code, stdout } = await runCliWith(["mcp", "--help"], {});
    expect(code).toBe(0);
    expect(stdout).toContain(MCP_CLIENT_CONFIG.replaceAll("\n", "\n  "));
    expect(stdout).not.toMatch(/npx/);
    expect(stdout.replace(/\s+/g, " ")).toContain("`npm install -g .` in a clone");
    expect(jsonBlocks(text("README.md"), "## MCP server")[0]).toBe(MCP_CLIENT_CONFIG);
  });

  it("runs the installed command, never a package npx would fetch by name", () => {
    const { mcpServers } = JSON.parse(MCP_CLIENT_CONFIG) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    expect(mcpServers["core-search"]).toMatchObject({ command: "core-search", args: ["mcp"] });
  });

  it("is the one docs/mcp.md gives for mcpServers clients, however it is laid out", () => {
    const [block] = jsonBlocks(
      text("docs/mcp.md"),
      "### Claude Desktop, Cursor and other `mcpServers` clients",
    );
    expect(JSON.parse(block ?? "")).toStrictEqual(JSON.parse(MCP_CLIENT_CONFIG));
  });
});
