import { readDataFile } from "../util/read-data-file.js";

/** The word lists of src/data/plan-words.json; read on first use, not at start-up. */
export interface PlanWords {
  /** Regular-expression fragments that mark a question as about software, in the file's order. */
  itTerms: readonly string[];
  evaluativeWords: readonly string[];
  /** Regular-expression fragments the settled-fact shapes are built from. */
  settledFacts: {
    units: readonly string[];
    factAttributes: readonly string[];
    measuredSuperlatives: readonly string[];
    languages: readonly string[];
    unitQualifiers: readonly string[];
  };
  /** Words between a subject and its judgement that the claim drops ("any good", "really that bad"). */
  fillers: readonly string[];
  /** Adverbs that stay in the claim, before the predicate: "originally Japanese", "still a good idea". */
  predicateOpeners: ReadonlySet<string>;
  predicateAdverbs: ReadonlySet<string>;
  /** Facts a yes/no question states, not judgements: "legal", "banned"; the predicate starts there. */
  statusPredicates: ReadonlySet<string>;
  prepositions: ReadonlySet<string>;
  /** -er adjectives that compare before "than" (besides better, worse, more/less X, -ier words). */
  comparatives: readonly string[];
  /** Judgements that say something is bad (the counter-query then looks for its benefits). */
  negativeJudgements: ReadonlySet<string>;
  /** Judgements that say something is good, for evaluations the fixed patterns do not list. */
  positiveJudgements: ReadonlySet<string>;
  /** Base verbs that end the subject of "does/do/can X … ?" (besides the effect verbs). */
  verbs: readonly string[];
  /** Verbs that close a "does X …" question with nothing after them: "does acupuncture work". */
  closingVerbs: readonly string[];
  /** Verbs of taking something in: "can dogs eat grapes" asks whether it is safe. */
  consumeVerbs: ReadonlySet<string>;
  /** Past tense of irregular verbs ("eat" → "ate"); others take -ed. */
  irregularPast: ReadonlyMap<string, string>;
  /** Misspelt question openers ("shoud", "hw") and the word meant. */
  misspelledOpeners: ReadonlyMap<string, string>;
  /** Words ending in -s that name one thing ("news", "postgres"). */
  singularsInS: ReadonlySet<string>;
  /** Names of market indexes (in every language) and English words for what is traded, as written. */
  marketFigures: { indexes: readonly string[]; assets: readonly string[] };
}

let words: PlanWords | undefined;

export function planWords(): PlanWords {
  if (words) return words;
  const raw = readDataFile("plan-words.json") as {
    itTerms: Record<string, string[]>;
    evaluativeWords: string[];
    settledFacts: PlanWords["settledFacts"];
    fillers: string[];
    predicateOpeners: string[];
    predicateAdverbs: string[];
    statusPredicates: string[];
    prepositions: string[];
    comparatives: string[];
    negativeJudgements: string[];
    positiveJudgements: string[];
    verbs: string[];
    closingVerbs: string[];
    consumeVerbs: string[];
    irregularPast: Record<string, string>;
    misspelledOpeners: Record<string, string>;
    singularsInS: string[];
    marketFigures: PlanWords["marketFigures"];
  };
  words = {
    itTerms: Object.values(raw.itTerms).flat(),
    evaluativeWords: raw.evaluativeWords,
    settledFacts: raw.settledFacts,
    fillers: raw.fillers,
    predicateOpeners: new Set(raw.predicateOpeners),
    predicateAdverbs: new Set(raw.predicateAdverbs),
    statusPredicates: new Set(raw.statusPredicates),
    prepositions: new Set(raw.prepositions),
    comparatives: raw.comparatives,
    negativeJudgements: new Set(raw.negativeJudgements),
    positiveJudgements: new Set(raw.positiveJudgements),
    verbs: raw.verbs,
    closingVerbs: raw.closingVerbs,
    consumeVerbs: new Set(raw.consumeVerbs),
    irregularPast: new Map(Object.entries(raw.irregularPast)),
    misspelledOpeners: new Map(Object.entries(raw.misspelledOpeners)),
    singularsInS: new Set(raw.singularsInS),
    marketFigures: raw.marketFigures,
  };
  return words;
}
