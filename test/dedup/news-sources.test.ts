import { describe, expect, it } from "vitest";
import { newsSources } from "../../src/dedup/news-sources.js";

const duplicates = (list: readonly string[]) => list.filter((entry, index) => list.indexOf(entry) !== index);
const DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

describe("src/data/news-sources.json", () => {
  const sources = newsSources();

  it("every wire agency has an id, its own domains and the names credits use", () => {
    expect(duplicates(sources.wireAgencies.map((agency) => agency.id))).toEqual([]);
    for (const agency of sources.wireAgencies) {
      expect(agency.domains.length, agency.id).toBeGreaterThan(0);
      expect(agency.names.length, agency.id).toBeGreaterThan(0);
    }
  });

  it("each domain is listed once per table, as a bare lower-case host", () => {
    const tables: [string, readonly string[]][] = [
      ["wire agencies", sources.wireAgencies.flatMap((agency) => agency.domains)],
      ["release distributors", sources.releaseDistributors],
      ["publisher groups", Object.values(sources.publisherGroups).flat()],
      ["low-quality domains", sources.lowQualityDomains.map(({ domain }) => domain)],
    ];
    for (const [name, domains] of tables) {
      expect(duplicates(domains), name).toEqual([]);
      expect(
        domains.filter((domain) => !DOMAIN.test(domain) || domain.startsWith("www.")),
        name,
      ).toEqual([]);
    }
  });

  it("source words are lower-case single words, as fingerprints see them", () => {
    expect([...sources.sourceWords].filter((word) => !/^[a-z0-9]+$/.test(word))).toEqual([]);
  });

  it("is read once", () => {
    expect(newsSources()).toBe(sources);
  });
});
