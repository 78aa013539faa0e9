/**
 * A story's number in its site's addresses. Many news sites file a story under a long number and
 * serve it under several paths: with and without its slug, under a text-only host, under a section
 * ("npr.org/2024/05/11/1250693214/northern-lights-…", "npr.org/2024/05/11/1250693214",
 * "text.npr.org/1250693214"). One site's pages with one such number are one story.
 *
 * The number is a whole path segment, or the end of the last one after a hyphen
 * ("…/rural-labor-wards-close-montana-100012458.html"), of at least {@link MIN_DIGITS} digits: shorter
 * numbers count pages of a forum thread, products of a shop, years. A number that reads as a day
 * (20240511) is a date, which many stories share. A thread's id after "comments"
 * ("/r/dryeyes/comments/1eq7k2m/…", "/r/dryeyes/comments/1eq7k2m/") is its number too.
 */
const MIN_DIGITS = 7;
const SEGMENT_ID = new RegExp(`^\\d{${MIN_DIGITS},}$`);
const SLUG_END_ID = new RegExp(`-(\\d{${MIN_DIGITS},})(?:\\.[a-z]{2,5})?$`);
const DAY = /^(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/;
/** A thread's id in base 36, as forums write it after "comments": "1eq7k2m", "18k2x9q". */
const THREAD_ID = /^(?=[a-z\d]*\d)[a-z\d]{5,9}$/;

/** The story numbers in an address's path (lower-cased, without the query), in order. */
export function storyIds(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const ids = segments.filter((segment) => SEGMENT_ID.test(segment));
  const last = segments.at(-1);
  const slugEnd = last === undefined ? null : SLUG_END_ID.exec(last);
  if (slugEnd?.[1]) ids.push(slugEnd[1]);
  const thread = segments.indexOf("comments");
  const threadId = thread < 0 ? undefined : segments[thread + 1];
  const found = ids.filter((id) => !DAY.test(id));
  if (threadId !== undefined && THREAD_ID.test(threadId)) found.push(`comments:${threadId}`);
  return found;
}
