import { escapeRegExp } from "../util/escape-reg-exp.js";
import { readDataFile } from "../util/read-data-file.js";
import { hostSet, normaliseHost, siteName } from "./normalise-host.js";
import { titleSignature } from "./normalize-title.js";
import type { PageAddress } from "./page-address.js";

/**
 * Selling pages: a shop's product page, a vendor's own site, an affiliate's "review" that earns
 * from the sale. Their claims are the vendor's, however many sites repeat them: such a page is low
 * quality as evidence, and the selling pages of one product are one origin. The signs are in
 * src/data/marketing-words.json: a shop or affiliate host or parameter, or words only a selling
 * page writes ("add to cart", "money-back guarantee") count alone; a shop path or words common on
 * selling pages but not only there ("% off", "official website") count in twos.
 */

export interface Marketing {
  /** Why the page is taken for a selling page. */
  reason: string;
  /** On a shop or an affiliate network: the site sells for many vendors, so it names none. */
  onShop: boolean;
  /** The product's name, as the page's title gives it, or null when the title gives none. */
  product: ProductName | null;
}

/** What an accessory's name key begins with, so that it meets only accessories' names. */
export const ACCESSORY = "accessory: ";

export interface ProductName {
  /**
   * Lower-case words of the name: one product's pages share them, or begin with the shorter. An
   * accessory's begin with {@link ACCESSORY}.
   */
  key: string;
  /** The name as written. */
  display: string;
}

export interface Lists {
  /** Shops and affiliate networks (subdomains count). */
  isShop: (host: string) => boolean;
  /** Any shop path. */
  shopPath: RegExp;
  affiliateParameters: ReadonlySet<string>;
  /** Selling phrases: the first group matches one only a selling page writes. */
  phrases: RegExp;
  genericWords: ReadonlySet<string>;
  countWords: ReadonlySet<string>;
  brandSiteAffixes: { prefixes: readonly string[]; suffixes: readonly string[] };
  modelTiers: ReadonlySet<string>;
  accessoryWords: ReadonlySet<string>;
}

let lists: Lists | undefined;

export function marketingLists(): Lists {
  if (lists) return lists;
  const raw = readDataFile("marketing-words.json") as {
    shopHosts: string[];
    affiliateHosts: string[];
    shopPaths: string[];
    affiliateParameters: string[];
    strongPhrases: string[];
    weakPhrases: string[];
    genericWords: string[];
    countWords: string[];
    brandSiteAffixes: { prefixes: string[]; suffixes: string[] };
    modelTiers: string[];
    accessoryWords: string[];
  };
  // Whole words: a word boundary where the phrase begins or ends with a letter ("% off" begins with none).
  const bounded = (phrase: string) =>
    `${/^\w/.test(phrase) ? "\\b" : ""}${escapeRegExp(phrase)}${/\w$/.test(phrase) ? "\\b" : ""}`;
  // One pass over a text finds both kinds: the first group holds a phrase only a seller writes.
  const strong = raw.strongPhrases.map(bounded).join("|");
  const weak = raw.weakPhrases.map(bounded).join("|");
  lists = {
    isShop: hostSet([...raw.shopHosts, ...raw.affiliateHosts]),
    shopPath: new RegExp(raw.shopPaths.map((path) => `(?:${path})`).join("|")),
    affiliateParameters: new Set(raw.affiliateParameters),
    phrases: new RegExp(`(${strong})|${weak}`, "gi"),
    genericWords: new Set(raw.genericWords),
    countWords: new Set(raw.countWords),
    brandSiteAffixes: raw.brandSiteAffixes,
    modelTiers: new Set(raw.modelTiers),
    accessoryWords: new Set(raw.accessoryWords),
  };
  return lists;
}

/** A language's or a country's shop before a path: "/de-de/products/…" is "/products/…". */
const LOCALE = /^\/[a-z]{2}(?:[-_][a-z]{2})?(?=\/)/i;

/**
 * Every selling phrase (src/data/marketing-words.json) has one of these in it (a test reads each
 * phrase of the lists through it); most pages have none, and are read no further.
 */
const TEXT_CUE =
  /cart|basket|buy|order|shop|money|shipping|code|off|discount|coupon|price|stock|limited|offer|official|proven|review|risk|sale|bottle|bonus|affili|afiliad|associate|qualifying|sponsored|paid content|advertorial|really work|commission|on amazon|pickup|delivery|warenkorb|kaufen|preis|panier|acheter|prix|cesta|carrito|comprar|precio/i;

/** The page's selling signs, or null for a page that sells nothing. */
export function marketingOf(
  item: { domain: string; title: string; snippet: string },
  address: PageAddress | null,
): Marketing | null {
  const l = marketingLists();
  const host = normaliseHost(item.domain) || (address?.host ?? "");
  const onShop = l.isShop(host);
  let reason: string | null = null;
  if (onShop) reason = `shop or affiliate site: ${host}`;
  else if (address?.queryKeys.some((key) => l.affiliateParameters.has(key)))
    reason = "affiliate link parameter";
  const shopAddress =
    address !== null &&
    address.pathname.length > 1 &&
    (l.shopPath.test(address.pathname) || l.shopPath.test(address.pathname.replace(LOCALE, "")));
  if (reason === null && (TEXT_CUE.test(item.title) || TEXT_CUE.test(item.snippet))) {
    const weak = new Set<string>();
    for (const match of `${item.title} ${item.snippet}`.matchAll(l.phrases)) {
      if (match[1] !== undefined) {
        reason = `selling words ("${match[1]}")`;
        break;
      }
      weak.add(`"${match[0].toLowerCase()}"`);
    }
    if (reason === null && shopAddress) weak.add("shop address");
    if (reason === null && weak.size >= 2) reason = `selling signs (${[...weak].slice(0, 2).join(", ")})`;
  }
  // A brand's own shop page says nothing of selling in its snippet as often as not ("Brevio Pocket 2
  // Portable Espresso Maker – Brevio" on getbrevio.com/products/pocket-2): its shop's address and a
  // title signed with the site's own name make it one.
  if (reason === null && shopAddress && signedBySite(item.title, host)) reason = "the brand's own shop page";
  if (reason === null) return null;
  return { reason, onShop, product: productName(item.title, l) };
}

/**
 * Separators between a product's name and the rest of a selling title. Spaces before one are taken
 * from the start of their run only: a `\s*` tried at each space of a long run rereads the rest of it.
 */
const SEGMENTS = /(?:(?<!\s)\s+)?(?:[|:–—?!(),]|\s-\s|™|®)\s*/;
const MIN_NAME_LETTERS = 5;
const BRAND_COMMA = /^([\p{Lu}][\p{L}\p{N}&'’-]*), (?=\p{Lu}[^,]*,)/u;

/**
 * The product's name: the first part of the title that is not a site's name, with the words
 * around a name on selling pages ("Buy", "Reviews", "Official Website", a year) left out.
 */
function productName(title: string, l: Lists): ProductName | null {
  // A brand of one word before a comma opens its product's name, as iHerb titles a listing:
  // "Noctiva, Mag-T Sleep, 90 Capsules".
  const listed = BRAND_COMMA.exec(title);
  const named = listed ? `${listed[1]} ${title.slice(listed[0].length)}` : title;
  for (const segment of named.split(SEGMENTS)) {
    if (segment === "" || /^[\w-]+\.[a-z]{2,}(?:\.[a-z]{2})?$/i.test(segment)) continue;
    const words = segment.split(/\s+/).filter(Boolean);
    const kept: string[] = [];
    // Four words name a product, and the tier words after them name its model ("Tempo 3 Pro Max"
    // is not "Tempo 3 Pro", "Calmwell Deep Sleep Magnesium Pro" not the base formula).
    // Nor does a name stop before its model's number ("Strydon Men's Velo Carbon 3 Running Shoe").
    const full = (at: number) => {
      const next = (words[at + 1] ?? "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
      const hasNumber = kept.some((word) => /\d/.test(word));
      return (
        kept.length >= 4 &&
        !l.modelTiers.has(next) &&
        !(!hasNumber && /^\d{1,5}$/.test(next) && !/^(?:19|20)\d{2}$/.test(next))
      );
    };
    for (const [at, word] of words.entries()) {
      // A volume in litres is the model's number: "Trek 45L" is "Trek 45".
      const bare = word
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]/gu, "")
        .replace(/^(\d{1,3})l$/, "$1");
      if (/^\d{1,5}$/.test(bare) && kept.length > 0 && !/^(?:19|20)\d{2}$/.test(bare)) {
        // "TerraCut 800", "Stride 2": a model's number names it, unless it counts what the package holds.
        const next = (words[at + 1] ?? "").toLowerCase().replace(/[^\p{L}]/gu, "");
        if (!countsPackage(Number(bare), next, l) && !word.endsWith("%")) {
          kept.push(bare);
          if (full(at)) break;
          continue;
        }
      }
      // Whom a model is cut for says nothing of which model it is: "Strydon Men's Velo Carbon 3" is
      // "Strydon Velo Carbon 3" (a women's model of another number stays another).
      if (FOR_WHOM.test(bare)) continue;
      if (bare === "" || l.genericWords.has(bare) || /^(?:19|20)\d{2}$/.test(bare) || /^\d+%?$/.test(bare)) {
        if (kept.length > 0) break;
        continue;
      }
      kept.push(word.replace(/[^\p{L}\p{N}'’.&-]/gu, ""));
      // A "+" closing a name is a tier of its own: "Mag-T Sleep+" is not "Mag-T Sleep".
      if (/\p{L}\+[^\p{L}\p{N}]*$/u.test(word)) kept.push("plus");
      if (full(at)) break;
    }
    const name = kept.map((word) => word.toLowerCase()).join(" ");
    // An accessory is named after its product ("Tempo 3 Wireless Charging Case", "Travel Case for
    // Pocket 2"): its name is kept apart from the product's, which it begins with.
    const accessory = l.accessoryWords.has(headNoun(words));
    const key = accessory ? `${ACCESSORY}${name}` : name;
    if (name.replace(/[^\p{L}\p{N}]/gu, "").length >= MIN_NAME_LETTERS)
      return { key, display: kept.join(" ") };
    if (kept.length > 0) return null;
  }
  return null;
}

/** Words naming whom a model is cut for. */
const FOR_WHOM = /^(?:mens|womens|unisex)$/;

/** A pack of this many or more is a backpack's volume ("Trek 45 Pack"), not a package of 45. */
const PACK_VOLUME = 20;

/** Whether a number before `next` counts what a package holds ("60 Capsules", "3 Pack"). */
function countsPackage(count: number, next: string, l: Lists): boolean {
  if (!l.countWords.has(next)) return false;
  return !(/^packs?$/.test(next) && count >= PACK_VOLUME);
}

/** Where a name's head noun ends: what follows adds to it ("… Vacuum & Mop with Self-Empty Dock"). */
const NAME_ENDS = new Set([
  "with",
  "w",
  "for",
  "and",
  "&",
  "+",
  "including",
  "includes",
  "featuring",
  "plus",
]);

/** The last word of a name before what follows it: "Water Filter Pitcher" is a pitcher. */
function headNoun(words: readonly string[]): string {
  const bare = words.map((word) => word.toLowerCase().replace(/[^\p{L}&+]/gu, ""));
  const end = bare.findIndex((word, at) => at > 0 && NAME_ENDS.has(word));
  return (end < 0 ? bare : bare.slice(0, end)).at(-1) ?? "";
}

/** Whether a title's last part is the site's name, or the brand its name is ("… – Brevio", getbrevio.com). */
function signedBySite(title: string, host: string): boolean {
  const site = siteName(host);
  const last = titleSignature(title);
  if (site === null || last === undefined) return false;
  // A shop of the brand's for one country, or its store, signs with it: "Hoshiro UK", "Vantor Store".
  const signature = last
    .replace(STORE_SIGNATURE, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
  return signature.length >= MIN_BRAND && brandsOfSite(site).includes(signature);
}

/** What follows a brand's name when its shop signs a title: a country it sells to, or "Store". */
const STORE_SIGNATURE =
  /\s+(?:UK|US|USA|EU|CA|AU|NZ|IE|Canada|Australia|Ireland|Europe|Store|Shop|Official Store|Online Store)$/;

/** A brand shorter than this left by an affix ("go" + "ld") is no brand. */
const MIN_BRAND = 4;

/** The brands a site's name may be: itself, and without a prefix or suffix brands' sites add. */
export function brandsOfSite(site: string): string[] {
  const { prefixes, suffixes } = marketingLists().brandSiteAffixes;
  const brands = [site];
  for (const prefix of prefixes)
    if (site.startsWith(prefix) && site.length - prefix.length >= MIN_BRAND)
      brands.push(site.slice(prefix.length));
  for (const suffix of suffixes)
    if (site.endsWith(suffix) && site.length - suffix.length >= MIN_BRAND)
      brands.push(site.slice(0, -suffix.length));
  return brands;
}
