import type { PlanTimeRange } from "./plan-schema.js";

const BREAKING =
  /\b(?:today|tonight|last night|yesterday|breaking news|right now|this (?:week|morning|afternoon|evening)|latest news|just (?:announced|released|happened|launched)|live updates?|latest (?:on|updates?|developments)|ongoing|unfolding|developing story|as of now)\b|^breaking\b/i;

/** History, canonical references and what happened long ago: the best sources are old. */
const TIMELESS =
  /\b(?:history|historical|historically|origins?|ancient|medieval|renaissance|reformation|centur(?:y|ies)|empires?|dynast(?:y|ies)|pharaohs?|colonial|victorian|prehistoric|world war|civil war|cold war|great depression|new deal|revolution(?:ary)? war|treaty of \w+|plague|black death|(?:roman|ancient|weimar) republic|romans|greeks|vikings|mongols|aztecs|mayans|ottomans|spartans|first (?:person|man|woman|human) (?:to|on)|rfc ?\d*|standards?|specifications?|spec|foundational|seminal|original (?:\w+ )?paper|landmark (?:study|paper|case|ruling)|classic|canonical|in (?:the )?(?:1[0-9]\d{2}|20[0-9]\d)s)\b/i;

/** Facts about a past event ("who painted …", "when did …"), answered by sources of any age. */
const PAST_EVENT =
  /^(?:who (?:wrote|invented|discovered|painted|founded|composed|built|designed|coined)|when (?:did|was|were)|what year (?:did|was|were)|in what year|why did)\b/i;

// A four-digit number is a year when it looks like one in context ("in 1998", "2019's", "2024 election"),
// not in "square root of 1764".
const YEAR_AFTER_PREPOSITION =
  /\b(?:in|since|from|during|before|after|until|by|circa|around|year) (1\d{3}|20\d{2})\b/gi;
const MODERN_YEAR = /(?:^|\s)((?:19|20)\d{2})\b/g;

export function yearsIn(question: string): number[] {
  const years = [...question.matchAll(YEAR_AFTER_PREPOSITION), ...question.matchAll(MODERN_YEAR)];
  return [...new Set(years.map((m) => Number(m[1])))];
}

/**
 * `year` by default; `none` when the best sources are old (history, standards, seminal papers, past
 * events, a year well before `now`); `week` on every call when the question is about something
 * happening now.
 */
export function chooseTimeRange(question: string, now: Date): PlanTimeRange {
  if (BREAKING.test(question)) return "week";
  if (TIMELESS.test(question) || PAST_EVENT.test(question)) return "none";
  const years = yearsIn(question);
  const current = now.getUTCFullYear();
  // A question about an earlier year is answered by sources from then, not from the last 12 months.
  if (years.length > 0 && years.every((year) => year <= current - 2)) return "none";
  return "year";
}

const RECENCY =
  /\b(?:news|latest|recent(?:ly)?|newest|the new|new (?:\w+ )?(?:law|rules?|study|studies|research|report|data|version|release|policy|regulations?|guidelines?|guidance|variant|model|update)|right now|currently|these days|this (?:week|month|year)|today|yesterday|announced|announcement|launch(?:ed|es)?|released|upcoming|breaking|outbreak|recall(?:ed|s)?|lawsuits? (?:against|over|filed)|sued|banned|elections?|so far)\b/i;

/** The news call only pays off when timeliness matters ("how does X work" has no news). */
export function wantsNews(question: string, now?: Date): boolean {
  if (RECENCY.test(question)) return true;
  if (!now) return false;
  const current = now.getUTCFullYear();
  return yearsIn(question).some((year) => year === current || year === current - 1);
}
