import type { PageAddress } from "./page-address.js";

/**
 * The day a page's address says it was published: news sites file stories under
 * `/2026/10/14/` or `/2026-10-14/`. In days since 1970, or null when the path gives no whole date.
 */
const PATH_DATE = /(?:^|\/)((?:19|20)\d\d)([/-])(0?[1-9]|1[0-2])\2(0?[1-9]|[12]\d|3[01])(?=\/|-|$)/;
const DAY_MS = 86_400_000;

export function addressDay(address: PageAddress | null): number | null {
  const match = address === null ? null : PATH_DATE.exec(address.pathname);
  if (!match) return null;
  return Math.floor(Date.UTC(Number(match[1]), Number(match[3]) - 1, Number(match[4])) / DAY_MS);
}
