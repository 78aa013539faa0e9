import type { TimeRange } from "../providers/search-provider.js";

const BREAKING =
  /\b(?:today|tonight|last night|yesterday|breaking|right now|this week|this morning|latest news|just (?:announced|released|happened)|live updates?)\b/i;
const TIMELESS =
  /\b(?:history|historical|historically|origins?|invented|founded|ancient|medieval|century|centuries|world war|cold war|rfc ?\d*|standard|specification|spec|foundational|seminal|original paper|classic|canonical|in (?:the )?(?:1[0-9]\d{2}|20[01]\d)s?)\b/i;

/**
 * `year` by default; no restriction when the best sources are old (history, standards, seminal
 * papers); `week` on every call when the question is about something happening now.
 */
export function chooseTimeRange(question: string): TimeRange | null {
  if (BREAKING.test(question)) return "week";
  if (TIMELESS.test(question)) return null;
  return "year";
}

const RECENCY =
  /\b(?:news|latest|recent(?:ly)?|new|now|currently|this (?:week|month|year)|today|yesterday|announced|announcement|launch(?:ed)?|released?|update[ds]?|breaking|outbreak|recall(?:ed)?|lawsuit|ban(?:ned)?|election|20[2-9]\d)\b/i;

/** The news call only pays off when timeliness matters ("how does X work" has no news). */
export function wantsNews(question: string, timeRange: TimeRange | null): boolean {
  return timeRange === "week" || RECENCY.test(question);
}
