import type { PlanTimeRange, QueryType } from "../src/plan/plan-schema.js";

/** The labelled fields of a planner question (what plan() is expected to give). */
export interface PlanLabels {
  queryType: QueryType;
  bypass: boolean;
  topicCategory: "science" | "it";
  timeRange: PlanTimeRange;
  newsCall: boolean;
  subject: string[];
}

/** One line of a labelled-questions file: see bench/plan-questions.mjs. */
export interface PlanQuestion extends PlanLabels {
  question: string;
  /** Where the planner currently disagrees: the value it gives, per field. */
  knownMisses?: Partial<PlanLabels>;
}

export declare const PLAN_QUESTIONS_NOW: string;
export declare const PLAN_FIELDS: readonly (keyof PlanLabels)[];
export declare function readPlanQuestions(file: string | URL): PlanQuestion[];
