import { readDataFile } from "../util/read-data-file.js";

/** The word lists of src/data/stance-words.json, as sets; read on first use, not at start-up. */
export interface StanceWords {
  stopwords: ReadonlySet<string>;
  negations: ReadonlySet<string>;
  refuteWords: ReadonlySet<string>;
  refutePhrases: readonly string[];
  hedgeWords: ReadonlySet<string>;
  hedgePhrases: readonly string[];
  confirmWords: ReadonlySet<string>;
  /** Words of search-page filler ("google result 1 for …") that say nothing about a claim. */
  placeholderWords: ReadonlySet<string>;
  /** Words that turn the next cue around: "lower risk", "reduced harm", "fewer deaths". */
  reducers: ReadonlySet<string>;
}

let words: StanceWords | undefined;

export function stanceWords(): StanceWords {
  if (words) return words;
  const raw = readDataFile("stance-words.json") as Record<string, string[]>;
  const list = (name: string): string[] => raw[name] ?? [];
  words = {
    stopwords: new Set(list("stopwords")),
    negations: new Set(list("negations")),
    refuteWords: new Set(list("refuteWords")),
    refutePhrases: list("refutePhrases"),
    hedgeWords: new Set(list("hedgeWords")),
    hedgePhrases: list("hedgePhrases"),
    confirmWords: new Set(list("confirmWords")),
    placeholderWords: new Set(list("placeholderWords")),
    reducers: new Set(list("reducers")),
  };
  return words;
}
