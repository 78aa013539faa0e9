/**
 * The parts of a claim a source can agree or disagree with: who or what it is about, what it says of
 * them, and — for a comparison — which side is said to win. Claims come from the planner ("X is
 * safe", "X causes Y", "A is faster than B") or straight from a caller, so parsing is forgiving:
 * what cannot be split is treated as a subject with no known predicate. The words it knows are in
 * src/data/claim-words.json.
 */

import { claimWordLists } from "./claim-words.js";

/** How a predicate's truth shows in a text: the words that assert it and the words that deny it. */
export type PredicateFamily = "safe" | "harmful" | "increase" | "decrease" | "works" | "other";

export interface ClaimParts {
  /** Content words naming what the claim is about (first side of a comparison). */
  subject: string[];
  /** Content words of the object or complement ("autism" in "vaccines cause autism"). */
  object: string[];
  /** Content words of the predicate itself ("cause", "safe", "blind"). */
  predicate: string[];
  family: PredicateFamily;
  /** For "A is <adj> than B": the adjective's direction words, and B. */
  comparison?: { better: string[]; worse: string[]; other: string[] };
}

/** Longest stem kept: the first six characters. */
const MAX_STEM = 6;
// Character codes of the endings lightStem reads.
const [APOSTROPHE, RIGHT_QUOTE] = [39, 0x2019];
const [D, E, G, I, N, S] = [100, 101, 103, 105, 110, 115];

/**
 * Light suffix stripping, enough to match "denies"/"denied", "shoots"/"shooting". In order: a
 * possessive "'s" goes; then "-ies" becomes "-y" (what is left over 5 characters), or "-ing" goes
 * (over 5), "-ed" or "-es" (over 4), or a last "-s" but not "-ss" (over 3); the first six
 * characters are the stem. Every word a judge reads comes through here, so the endings are read as
 * character codes and a string is made only for the stem.
 */
export function lightStem(word: string): string {
  // The last characters are read into locals, not through a helper closing over `end`: that closure
  // (and its context) was made anew for every word, about 250 KB a question on an analysis thread.
  let end = word.length;
  if (
    end >= 2 &&
    word.charCodeAt(end - 1) === S &&
    (word.charCodeAt(end - 2) === APOSTROPHE || word.charCodeAt(end - 2) === RIGHT_QUOTE)
  )
    end -= 2;
  const last = word.charCodeAt(end - 1);
  const second = word.charCodeAt(end - 2);
  const third = word.charCodeAt(end - 3);
  let y = false;
  if (last === S) {
    if (end > 5 && second === E && third === I) {
      end -= 3;
      y = true;
    } else if (end > 4 && second === E) end -= 2;
    else if (end > 3 && second !== S) end -= 1;
  } else if (last === G) {
    if (end > 5 && second === N && third === I) end -= 3;
  } else if (last === D) {
    if (end > 4 && second === E) end -= 2;
  }
  // "-ies" → "-y" adds a character, which the cut to six drops again from a long stem.
  if (end >= MAX_STEM) return word.length === MAX_STEM ? word : word.slice(0, MAX_STEM);
  if (y) return `${word.slice(0, end)}y`;
  return end === word.length ? word : word.slice(0, end);
}

export function claimWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? [];
}

const content = (words: readonly string[]): string[] => {
  const { stopwords } = claimWordLists();
  return words.filter((w) => !stopwords.has(w) && w.length > 1);
};

function familyOf(word: string): PredicateFamily {
  const lists = claimWordLists();
  if (lists.safeWords.has(word)) return "safe";
  if (lists.harmWords.has(word)) return "harmful";
  if (lists.increaseVerbs.has(word)) return "increase";
  if (lists.decreaseVerbs.has(word)) return "decrease";
  if (lists.worksVerbs.has(word)) return "works";
  return "other";
}

export function parseClaim(claim: string): ClaimParts {
  const { copulas, comparatives, wordsDroppedAfterThan, wordsDroppedFromEffectObject } = claimWordLists();
  const words = claimWords(claim);
  // "A is faster than B" / "A are better than B for C"
  const than = words.indexOf("than");
  if (than > 1) {
    // The comparative is the known or "-er" word nearest before "than" ("better for the environment than").
    let adjIndex = than - 1;
    for (let i = than - 1; i > 0; i--) {
      const w = words[i] ?? "";
      if (comparatives.some((c) => c.words.has(w)) || /er$/.test(w) || words[i - 1] === "more") {
        adjIndex = i;
        break;
      }
      if (copulas.has(w)) break;
    }
    const adjective = words[adjIndex] ?? "";
    const copula = words.findIndex((w, i) => i < adjIndex && copulas.has(w));
    const subjectEnd = copula > 0 ? copula : adjIndex;
    const known = comparatives.find((c) => c.words.has(adjective));
    const other = content(words.slice(than + 1)).filter((w) => !wordsDroppedAfterThan.has(w));
    return {
      subject: content(words.slice(0, subjectEnd)),
      object: other,
      predicate: [adjective],
      family: "other",
      comparison: {
        better: known ? known.same : [adjective],
        worse: known ? known.opposite : adjective.endsWith("er") ? [] : [],
        other,
      },
    };
  }
  // "X is/are <complement>"
  const copula = words.findIndex((w) => copulas.has(w));
  if (copula > 0) {
    const complement = content(words.slice(copula + 1));
    const family = complement.map(familyOf).find((f) => f !== "other") ?? "other";
    const [head, ...rest] = complement;
    return {
      subject: content(words.slice(0, copula)),
      object: family === "other" ? rest : complement.filter((w) => familyOf(w) === "other"),
      predicate:
        head === undefined
          ? []
          : family === "other"
            ? [head]
            : complement.filter((w) => familyOf(w) !== "other"),
      family,
    };
  }
  // "X <verb> Y": a verb of effect splits the claim; "works"/"helps" only when there is none, so
  // "remote work increases productivity" splits at "increases".
  const effect = words.findIndex((w, i) => i > 0 && /^(?:increase|decrease)$/.test(familyOf(w)));
  const verb = effect > 0 ? effect : words.findIndex((w, i) => i > 0 && familyOf(w) !== "other");
  if (verb > 0) {
    return {
      subject: content(words.slice(0, verb)),
      object: content(words.slice(verb + 1)).filter((w) => !wordsDroppedFromEffectObject.has(w)),
      predicate: [words[verb] ?? ""],
      family: familyOf(words[verb] ?? ""),
    };
  }
  return { subject: content(words), object: [], predicate: [], family: "other" };
}
