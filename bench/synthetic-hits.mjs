// Synthetic search hits for the benchmarks: realistic titles, snippets and domains, with planted
// syndicated copies (the same story on 2 to 4 more domains, with publisher suffixes, small title
// edits, a date in front of the snippet, a cut snippet or none) and exact duplicates (the same page
// again under tracking parameters, AMP, a mobile host, http, a trailing slash or a fragment).
// Deterministic: the same count and seed give the same hits. Not a benchmark itself.
import { seededRandom } from "../dist/util/seeded-random.js";

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

/**
 * Synthetic search hits for one size; the same seed gives the same hits. `publishers` is how many
 * distinct sites they come from (a site may fill at most 3 places in a report).
 */
export function syntheticHits(count, seed, { publishers: publisherCount = 800 } = {}) {
  const random = seededRandom(seed);
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
  const publishers = Array.from({ length: publisherCount }, () => {
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
