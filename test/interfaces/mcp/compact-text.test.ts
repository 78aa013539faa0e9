import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import { configFromObject } from "../../../src/config/config.js";
import { PROBE_QUERY } from "../../../src/health/preflight.js";
import { createMcpServer } from "../../../src/interfaces/mcp/mcp-server.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { type FakeEngine, searxngReply, startFakeSearxng } from "../../helpers/fake-searxng.js";

const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-compact-"));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// Results as search services return them: a full title and a snippet of two sentences or so.
const SITES = [
  [
    "health.harvard.edu",
    "Intermittent fasting: surprising update",
    "Short-term trials found intermittent fasting is safe for most healthy adults and helps weight loss, though it works about as well as eating less every day.",
  ],
  [
    "newsroom.heart.org",
    "8-hour time-restricted eating linked to a 91% higher risk of cardiovascular death",
    "Time-restricted eating was linked to a 91% higher risk of death from cardiovascular disease in a preliminary study presented at a scientific meeting; the findings are not yet peer-reviewed.",
  ],
  [
    "www.nejm.org",
    "Effects of Intermittent Fasting on Health, Aging, and Disease",
    "Clinical trials in adults with obesity report that intermittent fasting is safe and improves insulin sensitivity, blood pressure and lipid levels over months.",
  ],
  [
    "www.medicalnewstoday.com",
    "Intermittent fasting risks: who should avoid it?",
    "Intermittent fasting is not safe for everyone: it can cause dizziness, headaches and low blood sugar, and people with diabetes or eating disorders should avoid it.",
  ],
  [
    "www.mayoclinic.org",
    "Intermittent fasting: what are the benefits?",
    "Intermittent fasting is a way of eating that alternates periods of eating with periods of fasting; research on its long-term effects is still limited.",
  ],
  [
    "en.wikipedia.org",
    "Intermittent fasting - Wikipedia",
    "Intermittent fasting is any of various meal timing schedules that cycle between voluntary fasting and non-fasting over a given period, such as alternate-day fasting.",
  ],
  [
    "www.hopkinsmedicine.org",
    "Intermittent Fasting: What is it, and how does it work?",
    "Johns Hopkins neuroscientist Mark Mattson has studied intermittent fasting for 25 years and says it is safe and can help the body repair itself, with some cautions.",
  ],
  [
    "www.bbc.com",
    "Is intermittent fasting safe? What the science says",
    "Experts say fasting diets appear safe for most people in the short term, but warn that the long-term evidence is thin and some groups face real risks.",
  ],
  [
    "www.eurekalert.org",
    "Time-restricted eating and cardiovascular death",
    "Time-restricted eating, a type of intermittent fasting, was linked to a higher risk of cardiovascular death, preliminary research presented at a meeting found.",
  ],
  [
    "www.cnn.com",
    "Intermittent fasting may raise risk of heart death, study says",
    "People who limited eating to less than eight hours a day had a 91% higher risk of dying from heart disease, according to a study that experts say has limits.",
  ],
] as const;

const result = (index: number) => {
  const [host, title, content] = SITES[index % SITES.length] as (typeof SITES)[number];
  return { url: `https://${host}/articles/intermittent-fasting-${index}`, title, content };
};
const ENGINES: FakeEngine[] = ["bing", "google", "mojeek", "wiby"].map((name, e) => ({
  name,
  categories: ["general", "science", "news"],
  results: Array.from({ length: 5 }, (_, i) => result(e * 3 + i)),
}));

/** One results list as a plain SearXNG MCP tool prints it: title, description, URL, score. */
function rawList(results: { title: string; content: string; url: string; score: number }[]): string {
  return results
    .map((r) =>
      [
        `Title: ${r.title}`,
        `Description: ${r.content}`,
        `URL: ${r.url}`,
        `Relevance Score: ${r.score.toFixed(3)}`,
      ].join("\n"),
    )
    .join("\n\n");
}

describe("the text of MCP corroborate", () => {
  it("is at most 0.6x the raw result lists of the same searches, and names every origin", async () => {
    const searx = await startFakeSearxng(ENGINES);
    cleanups.push(() => searx.close());
    const server = createMcpServer({
      config: configFromObject({ searxngUrl: searx.url, keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 }),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "agent", version: "0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    cleanups.push(() => client.close());

    const answer = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is intermittent fasting safe?", limit: 10, read: 0 },
    });
    const report = reportSchema.parse(answer.structuredContent);
    const text = (answer.content as { text: string }[])[0]?.text ?? "";

    // The same searches, as raw lists: every /search request but the preflight probe.
    const searches = searx.requests.filter((r) => r.path === "/search" && r.query.q !== PROBE_QUERY);
    expect(searches.length).toBeGreaterThanOrEqual(2);
    const raw = searches
      .map((req) => {
        const body = searxngReply(ENGINES, req).body as {
          results: { title: string; content: string; url: string; score: number }[];
        };
        return rawList(body.results.slice(0, 10));
      })
      .join("\n\n");

    console.log(`ratio ${(text.length / raw.length).toFixed(3)} (${text.length} / ${raw.length})\n${text}`);
    expect(text.length / raw.length).toBeLessThanOrEqual(0.6);
    expect(text).toContain(`Label: ${report.confidence}`);
    expect(text.startsWith(`Finding: ${report.finding.replace(/([\\`*_[\]<>!|])/g, "\\$1")}`)).toBe(true);
    for (const origin of report.origins) {
      for (const domain of origin.domains)
        expect(text).toContain(domain.replace(/([\\`*_[\]<>!|])/g, "\\$1"));
    }
  });
});
