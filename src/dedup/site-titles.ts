import { normalizeTitle } from "./normalize-title.js";
import { contentWords } from "./title-fingerprint.js";

/**
 * One page under several addresses of its site: a slash added, an old path kept as an alias, a
 * redirecting spelling ("Lithium_ion_battery" for "Lithium-ion_battery"), an old support-article id
 * and its new one. A site gives each page its own title, so its pages under one title (without the
 * site's name after it) are one page, when the title says enough to be a page's own — at least
 * {@link MIN_WORDS} content words — and the site does not give it to more than
 * {@link MAX_PAGES} of the results (a template's title, "Live updates: …" day after day), nor do
 * their dates lie more than {@link MAX_DAYS} apart.
 */
const MIN_WORDS = 3;
const MAX_PAGES = 4;
const MAX_DAYS = 2;

export interface SiteTitleInput {
  title: string;
  site: string | null;
  day: number | null;
}

/** Pairs (first page, another) of one site's pages under one title. */
export function sameTitleLinks(pages: readonly SiteTitleInput[]): [number, number][] {
  // First by the title's opening segment, which costs little; only pages that share one with a page
  // of their site are compared by their whole normalized titles.
  const byOpening = groupBy(pages, (page) =>
    page.site === null ? null : `${page.site}\n${page.title.toLowerCase().split(SEGMENT, 1)[0]}`,
  );
  const links: [number, number][] = [];
  for (const candidates of byOpening.values()) {
    if (candidates.length < 2) continue;
    const byTitle = groupBy(
      candidates.map((index) => pages[index] as SiteTitleInput),
      (page) => normalizeTitle(page.title),
    );
    for (const [title, members] of byTitle) {
      const group = members.map((member) => candidates[member] as number);
      if (group.length < 2 || group.length > MAX_PAGES || contentWords(title).length < MIN_WORDS) continue;
      const days = group.map((index) => pages[index]?.day).filter((day): day is number => day != null);
      if (days.length > 1 && Math.max(...days) - Math.min(...days) > MAX_DAYS) continue;
      for (const other of group.slice(1)) links.push([group[0] as number, other]);
    }
  }
  return links;
}

/** Where a title's segments meet ("… - Wikipedia", "… | Apple Support"). */
const SEGMENT = /\s(?:[|–—-]|::)\s/;

/** Indexes of `items` by key; an item without one (null) is left out. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (key === null) return;
    const list = groups.get(key);
    if (list) list.push(index);
    else groups.set(key, [index]);
  });
  return groups;
}
