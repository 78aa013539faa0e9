import { appendTo } from "../util/append-to.js";
import { normalizeTitle, titleOpening } from "./normalize-title.js";
import { contentWords } from "./title-fingerprint.js";

/**
 * One page under several addresses of its site: a slash added, an old path kept as an alias, a
 * redirecting spelling ("Lithium_ion_battery" for "Lithium-ion_battery"), an old support-article id
 * and its new one, a report's page and its PDF ("[PDF] …"). A site gives each page its own title, so its pages under one title (without the
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
  /** The address's path: asked only of pages under one title. */
  path: () => string;
}

/** Pairs (first page, another) of one site's pages under one title. */
export function sameTitleLinks(pages: readonly SiteTitleInput[]): [number, number][] {
  // First by the title's opening segment, which costs little; only pages that share one with a page
  // of their site are compared by their whole normalized titles.
  const byOpening = groupBy(pages, (page) =>
    page.site === null ? null : `${page.site}\n${titleOpening(unmarked(page.title))}`,
  );
  const links: [number, number][] = [];
  for (const candidates of byOpening.values()) {
    if (candidates.length < 2) continue;
    const byTitle = groupBy(
      candidates.map((index) => pages[index] as SiteTitleInput),
      (page) => normalizeTitle(unmarked(page.title)),
    );
    for (const [title, members] of byTitle) {
      const group = members.map((member) => candidates[member] as number);
      if (group.length < 2 || group.length > MAX_PAGES || contentWords(title).length < MIN_WORDS) continue;
      if (namesOnlySite(title, (pages[group[0] as number] as SiteTitleInput).site)) continue;
      const days = group.map((index) => pages[index]?.day).filter((day): day is number => day != null);
      if (days.length > 1 && Math.max(...days) - Math.min(...days) > MAX_DAYS) continue;
      const first = group[0] as number;
      const firstIds = pathIds((pages[first] as SiteTitleInput).path());
      for (const other of group.slice(1))
        if (!idsDiffer(firstIds, pathIds((pages[other] as SiteTitleInput).path())))
          links.push([first, other]);
    }
  }
  return links;
}

/**
 * A title that is the site's own name, whole or by its initials ("Reserve Bank of India - Speeches"
 * on rbi.org.in, its section's name taken for the site's): it says nothing of which page it is.
 */
function namesOnlySite(title: string, site: string | null): boolean {
  if (site === null) return false;
  const words = contentWords(title);
  return words.join("") === site || words.map((word) => word[0]).join("") === site;
}

/** Where a title's segments meet ("… - Wikipedia", "… | Apple Support"). */
/** A search engine's mark of a document before its title: "[PDF] …", "(PDF) …". */
const DOCUMENT_MARK = /^\s*[[(]\s*pdf\s*[\])]\s*/i;

/** The title without a document's mark: a report's page and its PDF carry one title. */
function unmarked(title: string): string {
  return title.replace(DOCUMENT_MARK, "");
}

/** Indexes of `items` by key; an item without one (null) is left out. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (key === null) return;
    appendTo(groups, key, index);
  });
  return groups;
}

/** An address's path segments read as ids: a number, or letters and digits mixed ("18k2x9q"); else null. */
function pathIds(path: string): (string | null)[] {
  return path
    .split("/")
    .map((segment) =>
      /^\d{3,}$/.test(segment) ? `n:${segment}` : MIXED_ID.test(segment) ? `m:${segment}` : null,
    );
}
const MIXED_ID = /^(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]{5,12}$/i;

/** Whether two paths give two ids of one kind in one place. */
function idsDiffer(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  return a.some((id, index) => {
    const other = b[index];
    return id != null && other != null && id[0] === other[0] && id !== other;
  });
}
