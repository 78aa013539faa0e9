export const STANCES = ["support", "contradict", "neutral", "unrelated"] as const;
export type Stance = (typeof STANCES)[number];

export interface StanceInput {
  title: string;
  snippet: string;
}

export interface StanceJudgement {
  stance: Stance;
  /** Confidence in the stance, 0–1. */
  score: number;
}

/** Judges each source's stance toward the claim, in input order. */
export interface StanceJudge {
  readonly name: string;
  judge(claim: string, items: readonly StanceInput[], signal: AbortSignal): Promise<StanceJudgement[]>;
}

/**
 * Takes no position on anything. It keeps the pipeline honest while no real classifier is
 * configured: with every source neutral, no claim can be called corroborated.
 */
export const neutralJudge: StanceJudge = {
  name: "neutral",
  async judge(_claim, items) {
    return items.map(() => ({ stance: "neutral", score: 0 }));
  },
};
