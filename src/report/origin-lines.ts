import { oneLine } from "./one-line.js";

/** What each reason means, in the words of the report's markdown. */
export const ORIGIN_MEANING: Readonly<Record<string, string>> = {
  "same-url": "one page under several addresses",
  syndication: "copies of one story",
  wire: "one news-agency story",
  "press-release": "one press release and its rewrites",
  "same-owner": "sites of one owner",
  doi: "one paper and its copies",
  "same-study": "pages reporting one study",
  marketing: "selling pages of one product",
};

/**
 * The markdown lines of the origins holding more than one page: "o5 — 2 pages, one origin:
 * press-release (one press release and its rewrites): Acme Unveils … (e5, e7)". None when every
 * page is an origin of its own.
 */
export function originLines(
  origins: readonly { id: string; evidence: readonly string[]; why: string; source?: string | undefined }[],
): string[] {
  const shared = origins.filter((origin) => origin.evidence.length > 1);
  if (shared.length === 0) return [];
  return [
    "",
    "**Origins (pages counted once):**",
    ...shared.map((origin) => {
      const meaning = ORIGIN_MEANING[origin.why];
      const source = origin.source ? `: ${oneLine(origin.source)}` : "";
      return `- ${origin.id} — ${origin.evidence.length} pages, one origin: ${origin.why}${meaning ? ` (${meaning})` : ""}${source} (${origin.evidence.join(", ")})`;
    }),
  ];
}
