import { titleMarkersConflict } from "./event-markers.js";
import { titleSignature } from "./normalize-title.js";
import { prepareTitle } from "./syndication.js";
import { contentWords } from "./title-fingerprint.js";
import { titlesDisagree } from "./title-polarity.js";

/**
 * A company's own copy of the release it sent through a distributor. Its newsroom often posts the
 * release under a shorter headline and opens it in other words ("Kelvara Introduces Tundra
 * Cold-Climate Heat Pump" on kelvara.com for Business Wire's "Kelvara Climate Introduces Tundra
 * Cold-Climate Heat Pump Delivering Full Heating Capacity at 5°F"). A release on the company's own
 * site (its site name is the headline's first one to three words: kelvara.com, aquilentlabs.com for
 * "Aquilent Labs Opens …"; or the headline opens with the first word of the name the site gives
 * itself after a bar: "Solvane Unveils … | Solvane Energy Newsroom" on solvaneenergy.com), or a
 * page under the site's news path, is the distributed release's copy when every word of the
 * shorter headline is in the longer one, their markers agree (event-markers.ts), and neither is
 * dated more than {@link COPY_DAYS} from the other. One that fits two releases of the company (two
 * headlines, not one headline on two portals) joins neither.
 */
const COPY_DAYS = 1;
/** Distributed releases looked at: a flood of one release is still one headline. */
const MAX_RELEASES = 100;

export interface NewsroomInput {
  title: string;
  /** A release by its distributor's site or dateline. */
  distributed: boolean;
  /** A release by any sign: a distributor's, or a company's newsroom's. */
  release: boolean;
  /** The site's name ("kelvara" for www.kelvara.com), or null. */
  site: string | null;
  /** The address's path, lower-cased: asked only of a page on the site its headline names. */
  path: () => string;
  day: number | null;
}

/** Pairs (distributed release, the company's own copy of it). */
export function newsroomCopyLinks(pages: readonly NewsroomInput[]): [number, number][] {
  const own = pages.flatMap((page, index) =>
    !page.distributed &&
    (namesSite(page.title, page.site) || namesShortSite(page.title, page.site)) &&
    (page.release || NEWS_PATH.test(page.path()))
      ? [index]
      : [],
  );
  if (own.length === 0) return [];
  const distributed = pages
    .flatMap((page, index) => (page.distributed ? [index] : []))
    .slice(0, MAX_RELEASES);
  const links: [number, number][] = [];
  for (const copy of own) {
    const page = pages[copy] as NewsroomInput;
    const fits = distributed.filter((release) => isCopy(pages[release] as NewsroomInput, page));
    // A release's copies on two portals are one release: one headline fits.
    const headlines = new Set(
      fits.map((release) => words((pages[release] as NewsroomInput).title).join(" ")),
    );
    if (headlines.size === 1) for (const release of fits) links.push([release, copy]);
  }
  return links;
}

/** Where a company's site keeps its news: on its own site, its releases. */
const NEWS_PATH = /\/(?:news|newsroom|press|media)\//;

/** Whether a headline opens with the site's name, in one to three words ("Aquilent Labs Opens …"). */
function namesSite(title: string, site: string | null): boolean {
  // Most headlines open with another word than the site's: passed over at their first letter.
  if (site === null || title.charAt(0).toLowerCase() !== site.charAt(0)) return false;
  const words = title.toLowerCase().split(/\s+/, 3);
  let name = "";
  for (const word of words) {
    name += word.replace(/[^\p{L}\d]/gu, "");
    if (name === site) return true;
    if (!site.startsWith(name)) return false;
  }
  return false;
}

/**
 * A newsroom's headline naming its company by a shorter name than its site's, the site's own name
 * after its last bar giving the whole (titleSignature): "Solvane Unveils … | Solvane Energy Newsroom".
 */
function namesShortSite(title: string, site: string | null): boolean {
  const signature = titleSignature(title);
  if (site === null || signature === undefined || !namesSite(signature, site)) return false;
  const first = (title.split(/\s+/, 1)[0] ?? "").toLowerCase().replace(/[^\p{L}\d]/gu, "");
  return first.length >= MIN_SHORT_NAME && site.startsWith(first);
}

/** A company's short name must be this long: "Solvane", not "The" or "New". */
const MIN_SHORT_NAME = 4;

function isCopy(release: NewsroomInput, copy: NewsroomInput): boolean {
  if (!namesSite(release.title, copy.site)) return false;
  if (release.day !== null && copy.day !== null && Math.abs(release.day - copy.day) > COPY_DAYS) return false;
  const [a, b] = [words(release.title), words(copy.title)];
  const [shorter, longer] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  if (shorter.length < 3 || !shorter.every((word) => longer.has(word))) return false;
  return !titleMarkersConflict(release.title, copy.title) && !titlesDisagree(release.title, copy.title);
}

/** The headline's content words, without the site's name after it ("… | Kelvara Newsroom"). */
const words = (title: string): string[] => contentWords(prepareTitle(title).title);
