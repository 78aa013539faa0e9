// Scores origin grouping against labelled cases (test/fixtures/origins/, format in its README):
// precision and recall over pairs of hits, and how often a labelled origin's reason (`why`) is
// given. Shared by bench/origins.mjs and the test that holds the figures. Not a benchmark itself.
import { readdirSync, readFileSync } from "node:fs";

const FIXTURES = new URL("../test/fixtures/origins/", import.meta.url);

/**
 * The labelled sets (test/fixtures/origins/*.json, without `.json`), each group in the order it was
 * written: "dev", "heldout", "heldout-2", …, then "identifiers-…", then "studies-…".
 */
export function originSetNames() {
  const order = (name) => {
    const [, group = "", split, number = "1"] = /^(?:(.+)-)?(dev|heldout)(?:-(\d+))?$/.exec(name) ?? [];
    return [group, split === "dev" ? 0 : 1, Number(number)];
  };
  const compare = (a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || x[2] - y[2];
  };
  return readdirSync(FIXTURES)
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort(compare);
}

/** The cases of one labelled set, by its name or its file. */
export function readOriginCases(set) {
  const file = set instanceof URL || set.includes("/") ? set : new URL(`${set}.json`, FIXTURES);
  return JSON.parse(readFileSync(file, "utf8")).cases;
}

/**
 * Runs `dedupe` (the library's, or a build's; `canonicalUrl` from the same place) on each case and
 * scores it. Returns the totals,
 * the same per kind, and the misses: pairs put apart that belong together, pairs put together that
 * do not, origins whose reason is not the labelled one.
 */
export function scoreOriginCases(cases, { dedupe, canonicalUrl }) {
  const total = emptyScore();
  const byKind = new Map();
  const misses = [];
  for (const testCase of cases) {
    const score = byKind.get(testCase.kind) ?? emptyScore();
    byKind.set(testCase.kind, score);
    const result = dedupe(testCase.hits.map(({ url, title, snippet }) => ({ url, title, snippet })));
    const originOf = predictedOrigins(testCase.hits, result, canonicalUrl);
    const whyOf = new Map(result.origins.map((origin) => [origin.id, origin.why]));
    const hits = testCase.hits;
    for (let i = 0; i < hits.length; i += 1) {
      for (let j = i + 1; j < hits.length; j += 1) {
        const labelled = hits[i].origin === hits[j].origin;
        const predicted = originOf[i] !== undefined && originOf[i] === originOf[j];
        for (const s of [total, score]) {
          if (labelled && predicted) s.truePairs += 1;
          else if (predicted) s.falsePairs += 1;
          else if (labelled) s.missedPairs += 1;
        }
        if (labelled !== predicted) {
          misses.push(`${testCase.name}: ${labelled ? "apart" : "together"} ${hits[i].url} | ${hits[j].url}`);
        }
      }
    }
    for (const [label, why] of Object.entries(testCase.why ?? {})) {
      const members = hits.flatMap((hit, index) => (hit.origin === label ? [index] : []));
      if (members.length < 2) continue;
      const given = whyOf.get(majority(members.map((index) => originOf[index])));
      for (const s of [total, score]) {
        s.origins += 1;
        if (given === why) s.whyRight += 1;
      }
      if (given !== why) misses.push(`${testCase.name}: origin ${label} why ${given}, labelled ${why}`);
    }
  }
  return { total: finish(total), byKind: new Map([...byKind].map(([kind, s]) => [kind, finish(s)])), misses };
}

/** Each hit's origin id, found through its canonical address (copies of one page are one item). */
function predictedOrigins(hits, result, canonicalUrl) {
  const byCanonical = new Map(result.evidence.map((item) => [item.canonicalUrl, item.originId]));
  return hits.map((hit) => byCanonical.get(canonicalUrl(hit.url)));
}

function majority(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function emptyScore() {
  return { truePairs: 0, falsePairs: 0, missedPairs: 0, origins: 0, whyRight: 0 };
}

function finish(s) {
  const together = s.truePairs + s.falsePairs;
  const belong = s.truePairs + s.missedPairs;
  return {
    ...s,
    precision: together === 0 ? 1 : s.truePairs / together,
    recall: belong === 0 ? 1 : s.truePairs / belong,
    whyAccuracy: s.origins === 0 ? 1 : s.whyRight / s.origins,
  };
}
