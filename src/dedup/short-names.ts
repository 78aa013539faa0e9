import { readDataFile } from "../util/read-data-file.js";

/**
 * One institution or company under its full name and a short one that takes the start of its
 * words: "LSU" for Louisiana State University, "UMass Amherst" for the University of Massachusetts
 * Amherst, "UCC" for University College Cork, "Penn State" for Pennsylvania State University,
 * "UNC-Chapel Hill" for the University of North Carolina at Chapel Hill, "U-M" for the University of
 * Michigan.
 * Reports of one study name its university either way (study-part-groups.ts).
 *
 * The short name covers every word of the full one in order, each of its words the starts of one
 * or more of them. A word that says only what kind of body it is (University, College) may be left
 * out, and an initial may stand for one the full name leaves unsaid ("LSU" for "Louisiana State").
 * A word standing for one word alone by its start needs four letters ("Penn", "Mass"): a shorter
 * start ("Cal", "Ga") is too often another name's; a word of more than eight letters abbreviates
 * nothing.
 */

/** Words that say what kind of body a name is, not which one. */
const KIND = /^(?:University|College|Institute|Hospital|Clinic|School|Center|Centre|Polytechnic)$/;
/** Small words inside a name that short names skip: "University of Reading". */
const LINKING = /^(?:of|at|the|and|for|in|on|&|-|–)$/i;
/** Fewest letters of a start that stands for one word alone. */
const MIN_START = 4;
/**
 * Most letters of a word that abbreviates (LSU, UMass, UCLA): a longer word of a short name is one
 * of the full name's words, whole. It also bounds the ways a word can be split into starts.
 */
const MAX_ABBREVIATION = 8;

/** Whether `short` names what `full` names, by the starts of its words (either way round). */
export function sameByShortName(one: string, other: string): boolean {
  return isShortFor(one, other) || isShortFor(other, one) || nicknameOf(one, other) || nicknameOf(other, one);
}

let nicknames: ReadonlyMap<string, string> | undefined;

/**
 * Whether `nick` is a name the institution `full` goes by that its words do not give ("Ole Miss",
 * "Mizzou"; src/data/study-parts.json), `full` named in full or by a short name of its own.
 */
function nicknameOf(nick: string, full: string): boolean {
  const whole = fullNameOf(nick);
  if (whole === undefined) return false;
  const [a, b] = [whole.toLowerCase(), full.toLowerCase()];
  return a === b || a.endsWith(` ${b}`) || isShortFor(full, whole);
}

/** The full name an institution's nickname stands for ("Mizzou": University of Missouri), if it is one. */
export function fullNameOf(nick: string): string | undefined {
  nicknames ??= new Map(
    Object.entries((readDataFile("study-parts.json") as { nicknames: Record<string, string> }).nicknames).map(
      ([name, whole]) => [name.toLowerCase().replace(/^the\s+/, ""), whole] as const,
    ),
  );
  return nicknames.get(nick.toLowerCase().replace(/^the\s+/, ""));
}

function isShortFor(written: string, full: string): boolean {
  // "U-M", "U.M.": initials set apart by hyphens or dots are one initialism.
  const short = /^(?:\p{Lu}[.-]){1,4}\p{Lu}\.?$/u.test(written) ? written.replace(/[.-]/g, "") : written;
  // "UNC-Chapel Hill": a hyphen before a capital joins two words of the name.
  const tokens = short.split(/[\s\u00a0]+|-(?=\p{Lu})/u).filter((token) => token !== "");
  if (tokens.length === 0 || !tokens.every((token) => /^\p{L}+$/u.test(token))) return false;
  const words = full
    .split(/[\s\u00a0,]+/)
    .filter((word) => word !== "" && !LINKING.test(word))
    .map((word) => word.replace(/['’]s?$/, ""));
  // "Louisiana State": the kind of body the short name's last initial stands for, unsaid.
  const withKind = words.some((word) => KIND.test(word)) ? [words] : [words, [...words, "University"]];
  return withKind.some((candidate) => covers(tokens, 0, candidate, 0, false));
}

/** Whether tokens[t..] cover words[w..]; `shortened` once some token abbreviated a word. */
function covers(
  tokens: readonly string[],
  t: number,
  words: readonly string[],
  w: number,
  shortened: boolean,
): boolean {
  if (t === tokens.length) return shortened && words.slice(w).every((word) => KIND.test(word));
  if (w === words.length) return false;
  // A word of kind left out of the short name.
  if (KIND.test(words[w] as string) && covers(tokens, t, words, w + 1, shortened)) return true;
  const token = (tokens[t] as string).toLowerCase();
  if (token.length > MAX_ABBREVIATION) {
    return token === (words[w] as string).toLowerCase() && covers(tokens, t + 1, words, w + 1, shortened);
  }
  return startsOf(token, 0, words, w, (end, exact) => covers(tokens, t + 1, words, end, shortened || !exact));
}

/**
 * Whether token[at..] is the starts of words[w..end) for some end, each word giving one start or
 * more letters; `then` is asked of each such end, with whether the token is one whole word.
 */
function startsOf(
  token: string,
  at: number,
  words: readonly string[],
  w: number,
  then: (end: number, exact: boolean) => boolean,
  used = 0,
): boolean {
  if (w >= words.length) return false;
  const word = (words[w] as string).toLowerCase();
  for (let length = Math.min(word.length, token.length - at); length >= 1; length -= 1) {
    if (token.slice(at, at + length) !== word.slice(0, length)) continue;
    const whole = length === word.length;
    if (at + length === token.length) {
      const alone = used === 0;
      // One word standing alone: whole, or by a start long enough to tell it.
      if (alone && !whole && length < MIN_START) continue;
      if (then(w + 1, alone && whole)) return true;
    } else if (startsOf(token, at + length, words, w + 1, then, used + 1)) {
      return true;
    }
  }
  return false;
}
