import { readFile } from "node:fs/promises";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { packageFile } from "../../util/package-files.js";

/** The agent skill shipped with the package. */
const SKILL_FILE = packageFile("prompts/SKILL.md");
export const SKILL_URI = "core-search://skill";
const DESCRIPTION =
  "How to use core-search's tools: when to call corroborate, web_search and assess, how to read the " +
  "labels, and how to re-judge a report with your own reading of the pages.";

/** The skill without its front matter (name and description, which MCP carries separately). */
async function skillText(): Promise<string> {
  const text = await readFile(SKILL_FILE, "utf8");
  return text.replace(/^---\n[\s\S]*?\n---\n+/u, "");
}

/**
 * Serves the skill as an MCP prompt and as a resource, so a client can load the methodology
 * without the repository.
 */
export function registerSkill(server: McpServer): void {
  server.registerPrompt(
    "core-search-skill",
    { title: "core-search skill", description: DESCRIPTION },
    async () => ({
      description: DESCRIPTION,
      messages: [{ role: "user", content: { type: "text", text: await skillText() } }],
    }),
  );
  server.registerResource(
    "core-search-skill",
    SKILL_URI,
    { title: "core-search skill", description: DESCRIPTION, mimeType: "text/markdown" },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: await skillText() }] }),
  );
}
