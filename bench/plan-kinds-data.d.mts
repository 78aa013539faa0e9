/** The kinds of question the plan-kinds files cover: see bench/plan-kinds-data.mjs. */
export type PlanKind =
  | "comparative"
  | "superlative"
  | "either-or"
  | "qualifier"
  | "modal"
  | "negative"
  | "long-noun-phrase"
  | "evaluative-positive"
  | "evaluative-negative"
  | "causal"
  | "lookup-arithmetic"
  | "lookup-conversion"
  | "lookup-definition"
  | "lookup-date"
  | "lookup-live-data";

export type PlanCounterIntent = "risks" | "benefits" | "reverse" | "refute" | "alternatives";

/** One line of bench/data/plan-kinds*.jsonl. */
export interface PlanKindRow {
  question: string;
  kind: PlanKind;
  /** ISO 639-1 of the question. */
  language: string;
  bypass: boolean;
  claim: string | null;
  /** Other phrasings of the claim that are just as right. */
  claimAlso?: string[];
  counterIntent: PlanCounterIntent | null;
  /** Entities and qualifiers the claim must contain exactly once. */
  keep: string[];
  note?: string;
}

export declare const KINDS: readonly PlanKind[];
export declare const COUNTER_INTENTS: readonly PlanCounterIntent[];
export declare function normaliseClaim(text: string): string;
export declare function countOccurrences(text: string, item: string): number;
export declare function keepMisses(keep: readonly string[], claim: string | null | undefined): string[];
export declare function claimMatches(row: PlanKindRow, claim: string | null | undefined): boolean;
export declare function rowProblems(row: unknown): string[];
export declare function readPlanKinds(file: string | URL): PlanKindRow[];
