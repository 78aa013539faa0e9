import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Config, configFromObject } from "../../../src/config/config.js";
import { createMcpServer } from "../../../src/interfaces/mcp/mcp-server.js";
import { SKILL_URI } from "../../../src/interfaces/mcp/skill.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { type FakeEngine, page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { connectInMemory } from "../../helpers/mcp-client.js";

const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-mcp-skill-"));
const SKILL = readFileSync(new URL("../../../prompts/SKILL.md", import.meta.url), "utf8");

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(config: Config): Promise<Client> {
  const client = await connectInMemory(createMcpServer({ config }));
  cleanups.push(() => client.close());
  return client;
}

const config = (fields: Record<string, unknown> = {}) =>
  configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0, ...fields });

describe("the skill over MCP", () => {
  it("is served as a prompt and as a resource, without the file's front matter", async () => {
    const client = await connect(config());
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain("core-search-skill");
    const prompt = await client.getPrompt({ name: "core-search-skill" });
    const text = prompt.messages[0]?.content.type === "text" ? prompt.messages[0].content.text : "";
    expect(text).toContain("Re-judging a report with your own reading");
    expect(text.startsWith("---")).toBe(false);
    expect(SKILL.endsWith(text)).toBe(true);

    const { resources } = await client.listResources();
    expect(resources.find((r) => r.uri === SKILL_URI)?.mimeType).toBe("text/markdown");
    const resource = await client.readResource({ uri: SKILL_URI });
    expect(resource.contents[0]).toMatchObject({ uri: SKILL_URI, text });
  });
});

describe("progress over MCP", () => {
  it("reports the preflight and each call's start and end when the client sends a progress token", async () => {
    const engines: FakeEngine[] = ["bing", "google", "mojeek", "wiby"].map((name, i) => ({
      name,
      categories: ["general", "science", "news"],
      results: [page(`site${i}.org`)],
    }));
    const searx = await startFakeSearxng(engines);
    cleanups.push(() => searx.close());
    const client = await connect(config({ searxngUrl: searx.url }));
    const updates: Progress[] = [];
    const result = await client.callTool(
      { name: "corroborate", arguments: { question: "Is intermittent fasting safe?", read: 0 } },
      undefined,
      { onprogress: (progress) => updates.push(progress) },
    );
    const report = reportSchema.parse(result.structuredContent);
    const messages = updates.map((u) => u.message);
    expect(messages[0]).toMatch(/^SearXNG preflight ok: \d+ healthy engine families$/);
    for (const call of report.calls.filter((c) => c.status !== "skipped")) {
      expect(messages).toContain(`Call ${call.id} (${call.role}) started`);
      expect(messages).toContainEqual(
        expect.stringMatching(new RegExp(`^Call ${call.id} \\(${call.role}\\) ok: `)),
      );
    }
    // Progress only grows.
    expect(updates.map((u) => u.progress)).toEqual(updates.map((_, i) => i + 1));
  });
});
