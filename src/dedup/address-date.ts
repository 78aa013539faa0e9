import type { PageAddress } from "./page-address.js";

/**
 * The day a page was published, as its address says (news sites file stories under `/2026/10/14/`,
 * `/2026-10-14/` or `/2026/oct/14/`) or else as the search engine's date before its snippet says ("Jun 23, 2025 —
 * ", "23 Jun 2025 — ", "2025-06-23 · "). In days since 1970, or null when neither gives a whole date.
 */
const PATH_DATE =
  /(?:^|\/)((?:19|20)\d\d)([/-])(0?[1-9]|1[0-2]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\2(0?[1-9]|[12]\d|3[01])(?=\/|-|$)/;
const DAY_MS = 86_400_000;

export function publishedDay(address: PageAddress | null, snippet: string): number | null {
  const match = address === null ? null : PATH_DATE.exec(address.pathname);
  if (match) return calendarDay(Number(match[1]), match[3] ?? "", Number(match[4]));
  return snippetDay(snippet);
}

/** A day of the week, as news says when a study or a company's news came out ("published Monday in"). */
export const WEEKDAY = "(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/**
 * A date opening a snippet, before a dash or a dot: month first ("Jun 23, 2025"), day first ("23 Jun
 * 2025", EurekAlert's "27-Feb-2023", "12 févr. 2026", "4. März 2026") or in figures ("2025-06-23",
 * "04.03.2026"), with a time of day and its zone after it or not (Business Wire's "January 14, 2025
 * 08:00 AM Eastern Standard Time —"), and a distributor's dateline after it or a double dash ("May
 * 20, 2025 /PRNewswire/ --", "Jun 3, 2025 --").
 */
const SNIPPET_DATE =
  /^\s*(?:(\p{L}{3,9})\.? (\d{1,2}), ((?:19|20)\d\d)|(\d{1,2})\.?[ -](\p{L}{3,9})\.?[ -]((?:19|20)\d\d)|((?:19|20)\d\d)-(\d\d)-(\d\d)|(\d{1,2})\.(\d{1,2})\.((?:19|20)\d\d))(?: \d{1,2}:\d\d(?: ?[AP]M)?(?: \p{L}+){0,3})?(?:\s*[—–·|]|\s*--?|\s+\/[A-Za-z]+\/ --)\s/u;

function snippetDay(snippet: string): number | null {
  const m = SNIPPET_DATE.exec(snippet);
  if (!m) return null;
  if (m[7] !== undefined) return calendarDay(Number(m[7]), m[8] ?? "", Number(m[9]));
  // German search results write the day first, in figures: "04.03.2026 —".
  if (m[10] !== undefined) return calendarDay(Number(m[12]), m[11] ?? "", Number(m[10]));
  const [word, day, year] = m[1] !== undefined ? [m[1], m[2], m[3]] : [m[5], m[4], m[6]];
  return calendarDay(Number(year), word ?? "", Number(day));
}

/** The year of a day since 1970. */
export function yearOfDay(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** A date in days since 1970, its month by number or name ("2", "feb", "February"); null if none. */
export function calendarDay(year: number, month: string, day: number): number | null {
  return dayOf(year, monthOf(month), day);
}

/**
 * Months' names in German, French and Spanish whose first three letters are not the English name's
 * ("févr.", "avr.", "Mai", "août", "Okt.", "dic"), accents dropped; "juin" and "juil." by four.
 */
const OTHER_MONTHS: Readonly<Record<string, number>> = {
  ene: 1,
  fev: 2,
  avr: 4,
  abr: 4,
  mai: 5,
  juin: 6,
  juil: 7,
  aou: 8,
  ago: 8,
  okt: 10,
  dez: 12,
  dic: 12,
};

/** A month's number, from its number or its name ("feb", "Sept", "February", "févr", "März"); 0 for neither. */
export function monthOf(written: string): number {
  if (/^\d+$/.test(written)) return Number(written);
  const folded = written
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  return (
    OTHER_MONTHS[folded.slice(0, 4)] ??
    OTHER_MONTHS[folded.slice(0, 3)] ??
    MONTHS.indexOf(folded.slice(0, 3)) + 1
  );
}

function dayOf(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}
