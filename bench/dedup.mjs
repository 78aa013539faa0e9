// Dedup speed: canonical-URL merge plus syndication clusters over synthetic search hits, at
// 1k, 10k and 20k hits. The hits carry planted syndicated copies (the same story on 2 to 4 more
// domains, with publisher suffixes, small title edits, a date in front of the snippet, a cut
// snippet or none) and exact duplicates (the same page again under tracking parameters, AMP, a
// mobile host, http, a trailing slash or a fragment).
// Run: npm run build && node bench/dedup.mjs   (writes nothing; prints a markdown table)
import { cpus } from "node:os";
import { canonicalUrl } from "../dist/dedup/canonical-url.js";
import { mergeHits } from "../dist/dedup/merge-hits.js";
import { assignOrigins } from "../dist/dedup/origins.js";
import { findSyndicationClusters } from "../dist/dedup/syndication.js";

const SIZES = [1_000, 10_000, 20_000];
const RUNS = 5;

const list = (text) => text.split("|");
const ENTITIES = list(
  "Fed|ECB|Apple|Tesla|Microsoft|Google|Amazon|Meta|Nvidia|Boeing|Pfizer|Moderna|NATO|EU|UN|WHO|Congress|" +
    "Senate|White House|Beijing|Kremlin|Ukraine|Israel|India|Brazil|Japan|OpenAI|SpaceX|Toyota|Shell|BP|" +
    "Exxon|Walmart|Disney|Netflix|Uber|Airbus|Samsung|TikTok|FDA",
);
const ORGANISATIONS = list("Corp|Group|council|union|party|bank|court|police|hospital|university");
const VERBS = list(
  "raises|cuts|approves|rejects|warns over|launches|delays|probes|sues over|backs|bans|unveils|expands|" +
    "halts|defends|scraps|weighs|targets|slashes|doubles|pauses|revives|blocks|settles",
);
const OBJECTS = list(
  "interest rates|climate plan|merger talks|AI rules|vaccine rollout|budget deal|tariffs|privacy law|" +
    "chip exports|drug prices|oil output|jobs plan|data centre|EV subsidies|satellite launch|labour deal|" +
    "antitrust case|bond sales|grain exports|ceasefire plan|nuclear talks|housing bill|tax credits|safety review",
);
const QUALIFIERS = list(
  "amid inflation fears|after record losses|despite protests|in landmark ruling|as talks stall|" +
    "for second year|ahead of election|after court ruling|as prices climb|under new chief|after data leak|" +
    "as strike spreads|despite warnings|amid supply crunch",
);
const FUNCTION_WORDS = list("the|a|of|to|in|and|on|for|with|as|at|by|that|from|its|was|will|has|after|said");
const WEEKDAYS = list("Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday");
const MASTHEADS = list("Times|Post|Herald|News|Daily|Tribune|Gazette|Chronicle|Observer|Courier");
const TLDS = list("com|co.uk|org|net|com.au|ca|ie");
const SECTIONS = list("news|business|world|tech|politics|science");
const SYLLABLES = list("ka|lo|mi|ne|ru|sa|ti|vo|ze|pa|do|gri|bel|tor|an|ver|mas|kel|dun|ori");

/** Deterministic random numbers (mulberry32), so every run sees the same hits. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Synthetic search hits for one size; the same seed gives the same hits. */
function syntheticHits(count, seed) {
  const random = randomSource(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const word = (syllables) => Array.from({ length: syllables }, () => pick(SYLLABLES)).join("");
  const capitalised = (text) => text[0].toUpperCase() + text.slice(1);
  // Names of towns, people and companies: what makes most real headlines distinctive.
  const names = Array.from({ length: 20_000 }, () => capitalised(word(2 + Math.floor(random() * 3))));
  // Body text: a Zipf-distributed vocabulary, a few very common words and a long tail.
  const vocabulary = Array.from({ length: 8_000 }, () => word(1 + Math.floor(random() * 4)));
  const cumulative = [];
  let total = 0;
  for (let rank = 1; rank <= vocabulary.length; rank += 1) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const zipfWord = () => {
    const target = random() * total;
    let [low, high] = [0, cumulative.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low];
  };
  const publishers = Array.from({ length: 800 }, () => {
    const name = `${pick(names)} ${pick(MASTHEADS)}`;
    return { name, domain: `${name.toLowerCase().replace(/\s+/g, "")}.${pick(TLDS)}` };
  });

  const story = () => {
    const place = pick(names);
    const subject =
      random() < 0.35
        ? pick(ENTITIES)
        : random() < 0.5
          ? pick(names)
          : `${pick(names)} ${pick(ORGANISATIONS)}`;
    const amount = random() < 0.3 ? ` by ${1 + Math.floor(random() * 40)}%` : "";
    const tail = random() < 0.6 ? `in ${place}` : pick(QUALIFIERS);
    const title = capitalised(`${subject} ${pick(VERBS)} ${pick(OBJECTS)}${amount} ${tail}`);
    const body = Array.from({ length: 18 + Math.floor(random() * 14) }, () =>
      random() < 0.35 ? pick(FUNCTION_WORDS) : random() < 0.1 ? pick(names) : zipfWord(),
    ).join(" ");
    const snippet = `${place.toUpperCase()} — ${subject} on ${pick(WEEKDAYS)} ${pick(VERBS)} its ${pick(OBJECTS)}, ${body}.`;
    return { title, snippet };
  };

  let nextId = 0;
  const pageUrl = (publisher, slug) => {
    nextId += 1;
    return `https://www.${publisher.domain}/${pick(SECTIONS)}/2025/${1 + Math.floor(random() * 12)}/${slug}-${nextId}`;
  };

  const hits = [];
  const plantedStories = [];
  const push = (hit) => {
    hits.push({
      call: 1 + Math.floor(random() * 4),
      provider: "searxng",
      hit: {
        ...hit,
        publishedAt: null,
        engines: [pick(["bing", "google", "mojeek", "duckduckgo"])],
        rank: 1 + (hits.length % 20),
      },
    });
  };
  while (hits.length < count) {
    const { title, snippet } = story();
    const publisher = pick(publishers);
    const url = pageUrl(publisher, title.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    push({ url, title: `${title} - ${publisher.name}`, snippet });
    const roll = random();
    if (roll < 0.1) {
      // Syndicated onto 2 to 4 more domains.
      const members = [hits.length - 1];
      const copies = 2 + Math.floor(random() * 3);
      for (let copy = 0; copy < copies && hits.length < count; copy += 1) {
        const other = pick(publishers);
        if (other === publisher) continue;
        const editedTitle = [title, title.replace(/ in /, " at "), title.toUpperCase(), title][copy];
        const editedSnippet = [`Mar 3, 2025 — ${snippet}`, `${snippet.slice(0, 160)} ...`, snippet, ""][copy];
        members.push(hits.length);
        push({
          url: pageUrl(other, "story"),
          title: `${editedTitle} | ${other.name}`,
          snippet: editedSnippet,
        });
      }
      if (members.length > 1) plantedStories.push(members);
    } else if (roll < 0.2) {
      // The same page again, found by another call under a URL variant.
      const variants = [
        `${url}?utm_source=twitter&utm_medium=social`,
        `${url.replace("https://www.", "https://m.")}/`,
        `${url.replace("https://", "http://")}#comments`,
        `${url}/amp`,
        `${url}?fbclid=IwAR${nextId}`,
      ];
      push({ url: pick(variants), title, snippet: snippet.slice(0, 120) });
    }
  }
  return { hits, plantedStories };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function run(hits) {
  const start = process.hrtime.bigint();
  const { items } = mergeHits(hits);
  const merged = process.hrtime.bigint();
  let stats;
  const groups = findSyndicationClusters(items, {
    onStats: (s) => {
      stats = s;
    },
  });
  const clustered = process.hrtime.bigint();
  // The stage as the pipeline runs it: origins = syndication + wire / press-release / DOI keys + owners.
  assignOrigins(items);
  const end = process.hrtime.bigint();
  return {
    items,
    groups,
    stats,
    mergeMs: Number(merged - start) / 1e6,
    syndicationMs: Number(clustered - merged) / 1e6,
    originsMs: Number(end - clustered) / 1e6,
    totalMs: Number(merged - start + (end - clustered)) / 1e6,
  };
}

const rows = [];
for (const size of SIZES) {
  const { hits, plantedStories } = syntheticHits(size, size);
  run(hits); // warm-up
  const runs = Array.from({ length: RUNS }, () => run(hits));
  const last = runs.at(-1);
  // A planted story is found when all its copies landed in one group.
  const itemOf = new Map(last.items.map((item, index) => [item.canonicalUrl, index]));
  const groupOf = new Map();
  last.groups.forEach((group, g) => {
    for (const member of group) groupOf.set(member, g);
  });
  const plantedGroups = plantedStories.map((members) =>
    members.map((m) => groupOf.get(itemOf.get(canonicalUrl(hits[m].hit.url)))),
  );
  const found = plantedGroups.filter((ids) => ids[0] !== undefined && ids.every((g) => g === ids[0])).length;
  // Groups holding anything but one planted story: merges of different stories.
  const plantedOf = new Map();
  plantedStories.forEach((members, story) => {
    for (const m of members) plantedOf.set(itemOf.get(canonicalUrl(hits[m].hit.url)), story);
  });
  const mixed = last.groups.filter(
    (group) =>
      new Set(group.map((m) => plantedOf.get(m))).size !== 1 || plantedOf.get(group[0]) === undefined,
  ).length;
  rows.push({
    size,
    unique: last.items.length,
    mergeMs: median(runs.map((r) => r.mergeMs)),
    syndicationMs: median(runs.map((r) => r.syndicationMs)),
    originsMs: median(runs.map((r) => r.originsMs)),
    ms: median(runs.map((r) => r.totalMs)),
    comparisons: last.stats.candidatePairs,
    diceRuns: last.stats.titleComparisons,
    split: last.stats.splitBlocks,
    oversized: last.stats.oversizedBlocks,
    found,
    mixed,
    planted: plantedStories.length,
  });
}

const perHit = (row) => row.ms / row.size;
const [base] = rows;
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}`);
console.log(
  `| hits | unique pages | ms, median of ${RUNS}: merge + origins (syndication alone) | comparisons | title Dice runs | ` +
    "split / dropped keys | ms per 1k hits | per-hit cost vs 1k | planted stories found | wrong groups |",
);
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) {
  console.log(
    `| ${row.size} | ${row.unique} | ${row.ms.toFixed(0)} = ${row.mergeMs.toFixed(0)} + ${row.originsMs.toFixed(0)} (${row.syndicationMs.toFixed(0)}) | ` +
      `${row.comparisons} | ${row.diceRuns} | ${row.split} / ${row.oversized} | ${((row.ms / row.size) * 1000).toFixed(1)} | ` +
      `${(perHit(row) / perHit(base)).toFixed(2)}× | ${row.found}/${row.planted} | ${row.mixed} |`,
  );
}
const largest = rows.at(-1);
console.log(
  `\ncomparisons = distinct pairs that shared a block; every pair of ${largest.unique} pages would be ` +
    `${((largest.unique * (largest.unique - 1)) / 2).toLocaleString("en")}.`,
);
