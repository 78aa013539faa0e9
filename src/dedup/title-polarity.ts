import { memoize } from "../util/memoize.js";
import { readDataFile } from "../util/read-data-file.js";
import { stopWords } from "./stop-words.js";

/**
 * Headlines that say opposite things about one subject. Origin tracing ties pages by shared
 * wording, and a denial shares nearly all of it: "Fact check: NeuroBoost does not improve memory"
 * repeats the release "NeuroBoost improves memory" word for word but for one. Such a pair is two
 * origins, one for and one against, never a copy and its source, so wording never ties two
 * headlines when
 *
 * - one disputes ("fact check", "false", "myth", "hoax", "denies") and the other states plainly,
 *   without a denial of its own: a fact check or a denial is its own reporting; or
 * - one negates a word the other states plainly: the first word after the negation that says
 *   something ("does not cause" / "causes", "no link" / "linked", "is not 520 Wh/kg" / "… with
 *   520 Wh/kg"). A negated word the other lacks is no conflict: "Fed holds rates, signals no cuts"
 *   is still a copy of "Fed holds rates" with a clause cut, and "Bale won't play Jobs" a retitled
 *   copy of "Bale quits Jobs film" (a rewritten headline keeps the object more than the verb).
 *
 * Two headlines that both deny agree, whichever way each does it.
 *
 * Words of English, German, French and Spanish (src/data/title-polarity.json); headlines in other
 * languages never conflict.
 */

interface PolarityWords {
  negations: ReadonlySet<string>;
  negatedSuffix: string;
  disputeWords: ReadonlySet<string>;
  disputePhrases: readonly string[];
  skipped: ReadonlySet<string>;
  subordinators: ReadonlySet<string>;
}

interface Polarity {
  /** A fact check, a debunking or a reported denial. */
  disputes: boolean;
  /** A negation in what the headline states (not in a clause of detail: "nun who had no idea"). */
  negates: boolean;
  /** Stems of the words the headline denies: the first after each negation that says something. */
  denied: readonly string[];
  /** Stems of the headline's words that say something (stop words left out). */
  stems: ReadonlySet<string>;
}

let words: PolarityWords | undefined;

function polarityWords(): PolarityWords {
  if (words === undefined) {
    const data = readDataFile("title-polarity.json") as {
      negations: string[];
      negatedSuffix: string;
      disputeWords: string[];
      disputePhrases: string[];
      skippedAfterNegation: string[];
      negationIgnoredAfter: string[];
    };
    words = {
      negations: new Set(data.negations),
      negatedSuffix: data.negatedSuffix,
      disputeWords: new Set(data.disputeWords),
      disputePhrases: data.disputePhrases.map((phrase) => ` ${phrase} `),
      skipped: new Set([...stopWords(), ...data.skippedAfterNegation]),
      subordinators: new Set(data.negationIgnoredAfter),
    };
  }
  return words;
}

const FRENCH_ELISION = /^([cdjlmnst]|qu)'(.+)$/;

/** Where a denial's reach ends: a clause break ("Fed holds rates, signals no cuts"). */
const CLAUSE_BREAK = /[,;:!?|()[\]–—]|\s-\s|\.(?:\s|$)/u;

/** The headline's clauses as lower-case words, accents kept, apostrophes kept inside ("doesn't"). */
function clausesOf(title: string): string[][] {
  return title
    .normalize("NFC")
    .replaceAll("’", "'")
    .toLowerCase()
    .replace(/\bno\.(?=\s*\d)/g, "no") // "No. 1" is a number sign, not a sentence's end
    .split(CLAUSE_BREAK)
    .map((clause) =>
      clause
        .split(/[^\p{L}\p{N}']+/u)
        .flatMap((word) => {
          const bare = word.replace(/^'+|'+$/g, "");
          // French elisions: "c'est" is "c" and "est", "l'étude" is "l" and "étude".
          const elided = FRENCH_ELISION.exec(bare);
          return elided ? [elided[1] as string, elided[2] as string] : [bare];
        })
        .filter(Boolean),
    )
    .filter((words) => words.length > 0);
}

/**
 * A rough stem, so "cause", "causes" and "caused" meet: one common ending off, three letters left.
 * Not the judge's lightStem (judge/claim-parts.ts): it keeps a last "e" ("cause" / "caus") and cuts
 * every stem to six letters, which would make one word of "president" and "presidential".
 */
function stem(word: string): string {
  const bare = word.endsWith("'s") ? word.slice(0, -2) : word;
  const ending = /(?:ing|ed|es|s|e)$/.exec(bare);
  return ending && bare.length - ending[0].length >= 3 ? bare.slice(0, ending.index) : bare;
}

const polarityOf = memoize((title: string): Polarity => {
  const { negations, negatedSuffix, disputeWords, disputePhrases, skipped, subordinators } = polarityWords();
  const isNegation = (word: string) => negations.has(word) || word.endsWith(negatedSuffix);
  const clauses = clausesOf(title);
  const all = clauses.flat();
  const spaced = ` ${all.join(" ")} `;
  let disputes = disputePhrases.some((phrase) => spaced.includes(phrase));
  const denied: string[] = [];
  let negates = false;
  let elliptic = false;
  for (const words of clauses) {
    let detail = false;
    // The negation waiting for its word: the next one that says something is what it denies.
    let negation: string | null = null;
    for (const word of words) {
      if (subordinators.has(word)) detail = true;
      if (isNegation(word)) {
        if (!detail) negation = word;
        continue;
      }
      if (skipped.has(word)) continue;
      if (negation === null) {
        if (disputeWords.has(word)) disputes = true;
        continue;
      }
      // "No. 1", "No 10": a number after "no" is a ranking or an address, not a denial. A denied
      // dispute word ("… is no hoax") is no dispute.
      if (negation !== "no" || /\p{L}/u.test(word)) {
        negates = true;
        denied.push(stem(word));
      }
      negation = null;
    }
    // "… stolen? Nope", "No, that wasn't him": a negation with nothing after it denies the headline.
    if (negation !== null) {
      negates = true;
      elliptic = true;
    }
  }
  const stems = new Set(all.filter((word) => !skipped.has(word) && !isNegation(word)).map(stem));
  if (elliptic) denied.push(...stems);
  return { disputes, negates, denied, stems };
});

/** Whether two headlines on one subject say opposite things (see the module's comment). */
export function titlesDisagree(a: string, b: string): boolean {
  const first = polarityOf(a);
  const second = polarityOf(b);
  const firstDenies = first.disputes || first.negates;
  const secondDenies = second.disputes || second.negates;
  // Two denials agree, and two plain statements are what wording alone compares.
  if (firstDenies === secondDenies) return false;
  const [denying, stating] = firstDenies ? [first, second] : [second, first];
  return denying.disputes || denying.denied.some((word) => stating.stems.has(word));
}

/**
 * A mark for a key built from a headline's words: "!" for a dispute, "~" for a negation, so a
 * headline and its denial, alike in every word a key keeps, never share a key.
 */
export function polarityMark(title: string): string {
  const { disputes, negates } = polarityOf(title);
  return `${disputes ? "!" : ""}${negates ? "~" : ""}`;
}
