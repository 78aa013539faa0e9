import { appendTo } from "../util/append-to.js";
import { ACCESSORY, brandsOfSite, type Marketing, marketingLists } from "./marketing.js";

/**
 * Which selling pages sell one product (marketing.ts reads each page's product name): one name is
 * the other or begins it, names agree up to a model's number, a shop's name meets the brand's own
 * site naming the product without the brand, and a selling title names a product inside it.
 */

/**
 * Pairs of selling pages of one product: one's product name is the other's, or begins it ("Revitaa
 * Pro" and "Revitaa Pro Weight Loss").
 */
export function productLinks(
  pages: readonly (Marketing | null)[],
  sites: readonly (string | null)[] = [],
  titles: readonly string[] = [],
): [number, number][] {
  const byKey = new Map<string, number[]>();
  pages.forEach((page, index) => {
    const key = page?.product?.key;
    if (key === undefined) return;
    appendTo(byKey, key, index);
  });
  const links: [number, number][] = [];
  const keys = [...byKey.keys()].sort();
  keys.forEach((key, position) => {
    const members = byKey.get(key) ?? [];
    const first = members[0] as number;
    for (const member of members.slice(1)) links.push([first, member]);
    const longer: string[] = [];
    for (
      let next = position + 1;
      next < keys.length && (keys[next] as string).startsWith(`${key} `);
      next += 1
    ) {
      if (!namesAnotherModel(key, keys[next] as string)) longer.push(keys[next] as string);
    }
    // A name that begins two models' names ("Halden Ridgeline" of "… 45L" and "… 42L", "Noctiva" of
    // "Noctiva Mag-T Sleep" and "Noctiva Mag-T Sleep+") could be either: it joins neither.
    if (modelsAfter(key, longer).size > 1 || twoModels(longer)) return;
    for (const name of longer) links.push([first, (byKey.get(name) ?? [])[0] as number]);
  });
  linkByModel(byKey, links);
  linkWithoutBrand(pages, sites, links);
  linkByTitleMention(pages, titles, byKey, links, sites);
  linkByModelCode(pages, titles, links);
  return links;
}

/**
 * A maker's model code: letters, then three digits or more ("CV-420", "WH-1000XM5"); not a class
 * many makers' products share ("N95", "KN95").
 */
const MODEL_CODE = /^[a-z]{1,4}-?\d{3,5}[a-z\d]{0,4}$/;

/**
 * A selling page whose product name carries the maker's model code ("Corvia BP Pro CV-420 …" on a
 * marketplace) meets the brand's other selling pages whose titles give that code ("… Monitor
 * CV-420 - Walmart.com"): the code names one model where the shortened name ("Corvia BP Pro")
 * begins two. Pages must name the same brand (their names' first word), so a third party's cuff
 * "Compatible with Corvia BP Pro CV-420" (an accessory's name) meets none.
 */
function linkByModelCode(
  pages: readonly (Marketing | null)[],
  titles: readonly string[],
  links: [number, number][],
): void {
  const firstWithCode = new Map<string, number>();
  const codesOf = (index: number): string[] => {
    const key = pages[index]?.product?.key;
    if (key === undefined || key.startsWith(ACCESSORY)) return [];
    const brand = key.split(" ")[0] as string;
    const words = `${key} ${(titles[index] ?? "").toLowerCase()}`.split(/[^\p{L}\p{N}-]+/u);
    const { modelTiers } = marketingLists();
    // A tier word after the code names another model: "SV200 Pro" is not "SV200".
    return [
      ...new Set(
        words.flatMap((word, at) => {
          if (!MODEL_CODE.test(word)) return [];
          const next = words[at + 1] ?? "";
          return [`${brand} ${word.replace("-", "")}${modelTiers.has(next) ? ` ${next}` : ""}`];
        }),
      ),
    ];
  };
  pages.forEach((_, index) => {
    for (const code of codesOf(index)) {
      const first = firstWithCode.get(code);
      if (first === undefined) firstWithCode.set(code, index);
      else links.push([first, index]);
    }
  });
}

/** The model numbers or tiers that longer names give right after a name ("45l", "42l"; "max"). */
function modelsAfter(name: string, longer: readonly string[]): Set<string> {
  const models = new Set<string>();
  for (const other of longer) {
    const next = wordAfter(name, other);
    if (namesModel(next)) models.add(next);
  }
  return models;
}

/** The word a longer name goes on with after `name`. */
function wordAfter(name: string, longer: string): string {
  return longer.slice(name.length + 1).split(" ")[0] ?? "";
}

/** A word that names a model of its own: a number ("45l", "2") or a tier ("pro", "max"). */
function namesModel(word: string): boolean {
  return /\d/.test(word) || marketingLists().modelTiers.has(word);
}

/**
 * Whether a longer name goes on with a tier word: "… 15 Pro" and "… 15 Pro Max", "Mag-T Sleep" and
 * "Mag-T Sleep+" (read "plus").
 */
function namesAnotherModel(name: string, longer: string): boolean {
  return marketingLists().modelTiers.has(wordAfter(name, longer));
}

/** Whether some of these names are two models: one begins another that goes on with a tier or a number. */
function twoModels(names: readonly string[]): boolean {
  return names.some((name) =>
    names.some((other) => other.startsWith(`${name} `) && namesModel(wordAfter(name, other))),
  );
}

/**
 * Whether `longer` is `name` and tier words only ("velo carbon 3" and "velo carbon 3 pro", "deep
 * sleep magnesium" and "deep sleep magnesium pro").
 */
function onlyTiersAfter(name: string, longer: string): boolean {
  if (!longer.startsWith(`${name} `)) return false;
  const { modelTiers } = marketingLists();
  return longer
    .slice(name.length + 1)
    .split(" ")
    .every((word) => modelTiers.has(word));
}

/**
 * Names that agree up to a model's number and the tier words after it ("Auralis Tempo 3 Wireless"
 * and "Auralis Tempo 3 True Wireless") are one model, whatever words describe it next; a tier word
 * there ("Tempo 3 Pro", `modelTiers` in src/data/marketing-words.json) names another model.
 */
function linkByModel(byKey: ReadonlyMap<string, number[]>, links: [number, number][]): void {
  const { modelTiers } = marketingLists();
  const firstOfModel = new Map<string, number>();
  for (const [key, members] of byKey) {
    const words = key.split(" ");
    const number = words.findIndex((word, at) => at > 0 && /\d/.test(word));
    if (number < 0 || number === words.length - 1) continue;
    let end = number + 1;
    while (end < words.length && modelTiers.has(words[end] as string)) end += 1;
    if (end === words.length) continue;
    const model = words.slice(0, end).join(" ");
    const first = firstOfModel.get(model);
    if (first === undefined) firstOfModel.set(model, members[0] as number);
    else links.push([first, members[0] as number]);
  }
}

/**
 * A product's name names it inside another page's title when it has at least this many words, or
 * one fewer with a model's number ("Tessaly Drift S8"); "Pet Owners" read from a title is no product.
 */
const MIN_MENTIONED_WORDS = 3;
/** A word naming a vendor by the start of its site's name has at least this many letters. */
const MIN_VENDOR_LETTERS = 4;

/**
 * A selling page whose title is a sentence ("Sponsored: Why Pet Owners Are Switching to the
 * Tessaly Drift S8") names its product inside it: it meets the product whose name (the longest
 * such) its title holds.
 */
function linkByTitleMention(
  pages: readonly (Marketing | null)[],
  titles: readonly string[],
  byKey: ReadonlyMap<string, number[]>,
  links: [number, number][],
  sites: readonly (string | null)[] = [],
): void {
  // A vendor's own site names its product without its brand: without a model's number either
  // ("Protein Oat Milk" on oatharbor.com), the name says what the product is, not whose, and holds
  // in another brand's title ("Oatbright Protein+ Oat Milk"): it counts where the title names the
  // vendor too.
  const vendorOfGeneric = (key: string): string | null => {
    const first = (byKey.get(key) as number[])[0] as number;
    const site = sites[first];
    if (pages[first]?.onShop || site == null || /\d/.test(key)) return null;
    return brandsOfSite(site).some((brand) => key.replaceAll(" ", "").includes(brand)) ? null : site;
  };
  // The vendor is named by a word its site's name begins with ("Vantora" of vantoranutrition.com).
  const namesVendor = (title: string, site: string) =>
    title
      .trim()
      .split(" ")
      .some((word) => word.length >= MIN_VENDOR_LETTERS && site.startsWith(word));
  const keys = [...byKey.keys()].filter((key) => {
    const words = key.split(" ").length;
    return words >= MIN_MENTIONED_WORDS || (words === MIN_MENTIONED_WORDS - 1 && /\d/.test(key));
  });
  if (keys.length === 0) return;
  // A name a title holds begins with one of its words: only names beginning with one are tried, so
  // a flood of selling pages is not every page against every name.
  const byFirstWord = new Map<string, number[]>();
  keys.forEach((key, at) => {
    const first = key.split(" ")[0] as string;
    appendTo(byFirstWord, first, at);
  });
  pages.forEach((page, index) => {
    // An accessory's title names the product it is for ("Charging Cable for Glow Mask Pro").
    if (page === null || titles[index] === undefined || page.product?.key.startsWith(ACCESSORY)) return;
    const title = ` ${(titles[index] as string).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;
    let named: number | undefined;
    for (const word of new Set(title.trim().split(" "))) {
      for (const at of byFirstWord.get(word) ?? []) {
        const key = keys[at] as string;
        // A page's own name that is the key and a tier ("… 3 Pro" for "… 3") names another model.
        const own = page.product?.key ?? "";
        if (key === own || onlyTiersAfter(key, own) || !title.includes(` ${key} `)) continue;
        const vendor = vendorOfGeneric(key);
        if (vendor !== null && !namesVendor(title, vendor)) continue;
        // The longest, the first listed among names as long.
        const best = named === undefined ? undefined : (keys[named] as string);
        if (
          best === undefined ||
          key.length > best.length ||
          (key.length === best.length && at < (named as number))
        )
          named = at;
      }
    }
    if (named !== undefined) links.push([(byKey.get(keys[named] as string) as number[])[0] as number, index]);
  });
}

/**
 * A shop names the brand before its product ("Mowlio TerraCut 800", "Vela Naturals NeuroVela
 * Focus+" on Amazon); the brand's own site often names the product alone ("TerraCut 800" on
 * mowlio.com). A shop page's name whose first word or two are a selling site's name (`sites`), or
 * that name without what brands' sites add to it ("aquarohome" for Aquaro), meets that site's
 * product names, without them, the way whole names meet: equal, or one the other's start.
 */
function linkWithoutBrand(
  pages: readonly (Marketing | null)[],
  sites: readonly (string | null)[],
  links: [number, number][],
): void {
  const vendorPages = new Map<string, number[]>();
  pages.forEach((page, index) => {
    const site = sites[index];
    if (page?.product == null || page.onShop || site == null) return;
    for (const brand of brandsOfSite(site)) {
      appendTo(vendorPages, brand, index);
    }
  });
  if (vendorPages.size === 0) return;
  pages.forEach((page, index) => {
    const words = page?.onShop ? page.product?.key.split(" ") : undefined;
    if (words === undefined) return;
    for (let brandWords = 1; brandWords <= 2 && words.length - brandWords >= 2; brandWords += 1) {
      const brand = words
        .slice(0, brandWords)
        .join("")
        .replace(/[^\p{L}\p{N}]/gu, "");
      const rest = words.slice(brandWords).join(" ");
      for (const vendor of vendorPages.get(brand) ?? []) {
        const own = (pages[vendor] as Marketing).product?.key ?? "";
        if (
          own === rest ||
          (own.startsWith(`${rest} `) && !namesAnotherModel(rest, own)) ||
          (rest.startsWith(`${own} `) && !namesAnotherModel(own, rest))
        )
          links.push([vendor, index]);
      }
    }
  });
}
