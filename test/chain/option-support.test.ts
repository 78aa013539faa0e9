import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runChain } from "../../src/chain/fallback-chain.js";
import { silentLogger } from "../../src/log/silent-logger.js";
import { PROVIDER_ROWS } from "../../src/providers/registry.js";
import {
  type ProviderName,
  SEARCH_OPTIONS,
  type SearchOption,
  type SearchProvider,
  type SearchRequest,
} from "../../src/providers/search-provider.js";

const base = { query: "q", categories: ["general" as const], engines: [], timeRange: null, limit: 3 };
const hit = (url: string, rank: number) => ({
  url,
  title: "t",
  snippet: "s",
  publishedAt: null,
  engines: [],
  rank,
});

/** A stage answering `urls`, recording each request it was asked. */
function stage(name: ProviderName, urls: string[], asked: SearchRequest[] = []): SearchProvider {
  return {
    name,
    configured: true,
    search: async (request) => {
      asked.push(request);
      return {
        hits: urls.slice(0, request.limit).map((url, i) => hit(url, i + 1)),
        unresponsiveEngines: [],
        warnings: [],
      };
    },
  };
}

const run = (
  stages: SearchProvider[],
  request: Omit<SearchRequest, "signal">,
  quiet?: readonly SearchOption[],
) => runChain(stages, request, { deadline: new AbortController().signal, logger: silentLogger, quiet });

describe("which service applies which option", () => {
  it("every row names only known options, each once", () => {
    for (const row of PROVIDER_ROWS) {
      expect(new Set(row.options).size).toBe(row.options.length);
      for (const option of row.options) expect(SEARCH_OPTIONS).toContain(option);
    }
  });

  it("is the table docs/search-options.md prints", () => {
    const text = readFileSync(new URL("../../docs/search-options.md", import.meta.url), "utf8");
    const section = text.split("## Which service applies which option")[1]?.split("\n\n")[2] ?? "";
    const [header = "", , ...rows] = section.split("\n");
    const columns = header
      .split("|")
      .slice(2, -1)
      .map((cell) => cell.trim());
    expect(columns).toEqual(["language", "safeSearch", "page", "domains"]);
    const documented = new Map<string, string[]>();
    for (const row of rows) {
      const [labels = "", ...cells] = row
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      const applied = columns.filter((_, i) => cells[i] !== "—");
      for (const label of labels.replace(" (keyless)", "").split(", ")) documented.set(label, applied);
    }
    for (const row of PROVIDER_ROWS)
      expect([row.label, documented.get(row.label)]).toEqual([row.label, [...row.options]]);
    expect(documented.size).toBe(PROVIDER_ROWS.length);
  });

  it("applies each option where the vendor documents it", () => {
    const table = Object.fromEntries(PROVIDER_ROWS.map((row) => [row.name, [...row.options].sort()]));
    expect(table).toEqual({
      searxng: ["language", "page", "safeSearch"],
      exa: ["domains", "safeSearch"],
      parallel: ["domains"],
      brave: ["domains", "language", "page", "safeSearch"],
      nimble: ["domains", "language"],
      tavily: ["domains"],
      youcom: ["domains", "language", "page", "safeSearch"],
      degoog: ["language", "page"],
      firecrawl: ["domains", "language", "safeSearch"],
      "exa-mcp": [],
      "parallel-mcp": [],
    });
  });
});

describe("options the serving stage cannot apply", () => {
  it("are said in a warning naming the stage; options it applies are not", async () => {
    const result = await run([stage("tavily", ["https://a.example/1"])], {
      ...base,
      language: "de",
      safeSearch: "strict",
      includeDomains: ["a.example"],
    });
    expect(result.status).toBe("ok");
    expect(result.warnings).toEqual([
      'tavily: language "de" not supported: searched without it',
      'tavily: safeSearch "strict" not supported: results were not filtered for explicit content',
    ]);
  });

  it('says that "off" leaves the service\'s own filtering on', async () => {
    const result = await run([stage("parallel", ["https://a.example/1"])], { ...base, safeSearch: "off" });
    expect(result.warnings).toEqual([
      'parallel: safeSearch "off" not supported: the service\'s own filtering applied',
    ]);
  });

  it("leaves quiet options unsaid (the plan's language, which the query is already in)", async () => {
    const result = await run([stage("exa", ["https://a.example/1"])], { ...base, language: "en" }, [
      "language",
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("says nothing when the request sets no option", async () => {
    const result = await run([stage("exa-mcp", ["https://a.example/1"])], base);
    expect(result.warnings).toEqual([]);
  });
});

describe("a later page", () => {
  it("passes over stages that cannot page and asks the first that can", async () => {
    const asked: SearchRequest[] = [];
    const result = await run(
      [stage("exa", ["https://e.example/1"], asked), stage("brave", ["https://b.example/1"], asked)],
      { ...base, page: 2 },
    );
    expect(result.provider).toBe("brave");
    expect(result.attempts[0]).toEqual({
      provider: "exa",
      outcome: "unsupported",
      ms: 0,
      detail: "cannot return page 2",
    });
    expect(asked.map((r) => r.page)).toEqual([2]);
  });

  it("names the stages passed over when none could page", async () => {
    const result = await run([stage("exa", ["https://e.example/1"])], { ...base, page: 3 });
    expect(result.status).toBe("failed");
    expect(result.error).toBe("exa: cannot return page 3");
  });

  it("is no reason to pass a stage over on page 1", async () => {
    const result = await run([stage("exa", ["https://e.example/1"])], { ...base, page: 1 });
    expect(result.provider).toBe("exa");
  });
});

describe("domains", () => {
  const urls = [
    "https://www.who.int/news/1",
    "https://spam.example/2",
    "https://who.int.evil.example/3",
    "https://pubmed.ncbi.nlm.nih.gov/4",
    "https://nih.gov/5",
    "https://www.pinterest.com/6",
  ];

  it("keeps only results on the included domains or their subdomains, from any stage", async () => {
    const result = await run([stage("exa", urls)], {
      ...base,
      limit: 20,
      includeDomains: ["who.int", "nih.gov"],
    });
    expect(result.hits.map((h) => h.url)).toEqual([
      "https://www.who.int/news/1",
      "https://pubmed.ncbi.nlm.nih.gov/4",
      "https://nih.gov/5",
    ]);
    // Exa filters by domain itself: the filter here is a guarantee, not a substitute to warn of.
    expect(result.warnings).toEqual([]);
  });

  it("drops results on the excluded domains, keeping the stage's ranks", async () => {
    const result = await run([stage("exa", urls)], { ...base, limit: 20, excludeDomains: ["pinterest.com"] });
    expect(result.hits.map((h) => h.url)).not.toContain("https://www.pinterest.com/6");
    expect(result.hits.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it("asks a stage without a domain filter for all it gives, filters it, cuts to the limit and says so", async () => {
    const asked: SearchRequest[] = [];
    const result = await run([stage("searxng", [...urls, "https://who.int/7"], asked)], {
      ...base,
      limit: 2,
      includeDomains: ["who.int", "nih.gov"],
    });
    expect(asked[0]?.limit).toBe(20);
    expect(result.hits.map((h) => h.url)).toEqual([
      "https://www.who.int/news/1",
      "https://pubmed.ncbi.nlm.nih.gov/4",
    ]);
    expect(result.warnings).toEqual([
      "searxng: includeDomains not supported: its results were filtered by address instead (4 of 7 kept)",
    ]);
  });

  it("moves on when a stage found nothing on the domains asked for", async () => {
    const result = await run(
      [stage("searxng", ["https://spam.example/1"]), stage("tavily", ["https://nih.gov/1"])],
      { ...base, includeDomains: ["nih.gov"], excludeDomains: ["spam.example"] },
    );
    expect(result.provider).toBe("tavily");
    expect(result.attempts[0]).toMatchObject({
      provider: "searxng",
      outcome: "empty",
      detail: "no results on the domains asked for (1 elsewhere)",
    });
    expect(result.warnings).toEqual([
      "searxng: includeDomains and excludeDomains not supported: its results were filtered by address instead (0 of 1 kept)",
    ]);
  });
});
