import { escapeRegExp } from "../util/escape-reg-exp.js";
import { readDataFile } from "../util/read-data-file.js";

/**
 * A cue phrase as the judge looks for it: the phrase, its form between spaces (built once, not per
 * text), and its first word when that word is one token to the tokenizer (`isn't`, `no`), else
 * undefined.
 */
export interface CuePhrase {
  phrase: string;
  padded: string;
  lead: string | undefined;
  /** Whether the tokens can spell it: its first word is a token (`report:` is not; `?` is). */
  spellable: boolean;
}

/** The word lists of src/data/stance-words.json, as sets; read on first use, not at start-up. */
export interface StanceWords {
  stopwords: ReadonlySet<string>;
  negations: ReadonlySet<string>;
  refuteWords: ReadonlySet<string>;
  refutePhrases: readonly CuePhrase[];
  hedgeWords: ReadonlySet<string>;
  hedgePhrases: readonly CuePhrase[];
  /** Any hedge phrase, anywhere: most texts hold none, and one search says so. */
  hedgePattern: RegExp;
  /** Phrases of a withheld, conditional or two-sided verdict, spelt by the text's words. */
  balancePhrases: readonly CuePhrase[];
  confirmWords: ReadonlySet<string>;
  /** Words of search-page filler ("google result 1 for …") that say nothing about a claim. */
  placeholderWords: ReadonlySet<string>;
  /** Words that turn the next cue around: "lower risk", "reduced harm", "fewer deaths". */
  reducers: ReadonlySet<string>;
}

let words: StanceWords | undefined;

/** A word token of the judge: letters and digits, with one apostrophe part (`isn't`, `don’t`). */
const WORD_TOKEN = "[a-z0-9]+(?:['’][a-z]+)?";

/**
 * The judge's tokens of lower-cased text: its words, and `?` and `:` as tokens of their own. The
 * judge finds them by hand (`wordsOf`, word-info.ts), which must match this pattern.
 */
export const TOKENS = new RegExp(`${WORD_TOKEN}|[?:]`, "g");

const ONE_TOKEN = new RegExp(`^${WORD_TOKEN}$`);

function cuePhrase(phrase: string): CuePhrase {
  const first = phrase.split(" ")[0] ?? "";
  const lead = ONE_TOKEN.test(first) ? first : undefined;
  return {
    phrase,
    padded: ` ${phrase} `,
    lead,
    spellable: lead !== undefined || first === "?" || first === ":",
  };
}

export function stanceWords(): StanceWords {
  if (words) return words;
  const raw = readDataFile("stance-words.json") as Record<string, string[]>;
  const list = (name: string): string[] => raw[name] ?? [];
  words = {
    stopwords: new Set(list("stopwords")),
    negations: new Set(list("negations")),
    refuteWords: new Set(list("refuteWords")),
    refutePhrases: list("refutePhrases").map(cuePhrase),
    hedgeWords: new Set(list("hedgeWords")),
    hedgePhrases: list("hedgePhrases").map(cuePhrase),
    hedgePattern: new RegExp(list("hedgePhrases").map(escapeRegExp).join("|")),
    balancePhrases: list("balancePhrases").map(cuePhrase),
    confirmWords: new Set(list("confirmWords")),
    placeholderWords: new Set(list("placeholderWords")),
    reducers: new Set(list("reducers")),
  };
  return words;
}
