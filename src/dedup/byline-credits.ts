/**
 * The partner a page's byline or provider line credits: "By Delia Horvath and KFF Health News",
 * "By Delia Horvath, KFF Health News", and the provider an aggregator's snippet opens with ("KFF
 * Health News · Tue, March 11, 2025"). A byline alone cannot tell a partner from a second author
 * ("By Jane Doe and John Smith") nor a role ("By Jane Doe, Staff Writer"): origins.ts takes the name
 * only where it is the site of another result.
 */
const NAME = "[A-Z][\\w&'\u2019-]*(?: (?:of |for |the |de )?[A-Z][\\w&'\u2019-]*){0,4}";
const PERSON = "[A-Z][\\p{L}'\u2019.-]+(?: [A-Z][\\p{L}'\u2019.-]+){0,3}";
// "By Dana K. Whitfield, Kansas State University, The Conversation": the last name is the source.
const BYLINE = new RegExp(`\\bBy ${PERSON}((?:(?:,| and) ${NAME})+)`, "u");
const PROVIDER = new RegExp(`^(?!By )(?:The )?(${NAME}) [·•] `, "u");

/** The name a byline or a leading provider line credits, as written, or undefined. */
export function bylineCredit(snippet: string): string | undefined {
  const names = BYLINE.exec(snippet)?.[1];
  if (names !== undefined) return names.split(/, | and /).at(-1);
  return PROVIDER.exec(snippet)?.[1];
}

/**
 * A source's name as a site name reads: "KFF Health News" and kffhealthnews.org are
 * "kffhealthnews", "The Conversation" and theconversation.com "theconversation" (a credit may drop
 * the article: "republished from Conversation" is read as the same).
 */
export function squashedName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Whether a site's name is a source's squashed name, with or without the article before it. */
export function isSiteOf(site: string | null, name: string): boolean {
  return site !== null && (site === name || site === `the${name}` || `the${site}` === name);
}
