export const STANCES = ["support", "contradict", "neutral", "unrelated"] as const;
export type Stance = (typeof STANCES)[number];

export interface StanceInput {
  title: string;
  snippet: string;
}

/**
 * Who decided a stance: the built-in classifier, an OpenAI-compatible model (`llm`), the calling
 * agent's model through MCP sampling (`sampling`), or the caller, who gave the stance with the item.
 */
export const JUDGE_KINDS = ["builtin", "llm", "sampling", "caller"] as const;
export type JudgeKind = (typeof JUDGE_KINDS)[number];

export interface StanceJudgement {
  stance: Stance;
  /** Confidence in the stance, 0–1. */
  score: number;
  /** Who decided it, when a judge answers for several (a model whose gaps the built-in filled). */
  judge?: JudgeKind | undefined;
}

/** Receives one sentence for the report's notes, e.g. that a judge fell back to another for some sources. */
export type StanceNote = (note: string) => void;

/**
 * Judges each source's stance toward the claim, in input order. A judge that degrades instead of
 * failing says so through `note`; judges with nothing to report may ignore it.
 */
export interface StanceJudge {
  readonly name: string;
  /**
   * Runs in this process, its cost bounded by its input rather than by a server: it judges what it is
   * given even after the deadline, and is never handed one.
   */
  readonly local?: boolean;
  /** What the report records as the decider of this judge's stances: `builtin` for a local judge, else `llm`. */
  readonly kind?: JudgeKind;
  /**
   * Judges each text on its own, the same whatever else it is given with: it may be asked in parts,
   * as each call's results arrive (`judge-ahead.ts`).
   */
  readonly perText?: boolean;
  judge(
    claim: string,
    items: readonly StanceInput[],
    signal: AbortSignal,
    note?: StanceNote,
  ): Promise<StanceJudgement[]>;
}

/** Who a judge's stances count as decided by: its `kind`, else `builtin` when local, `llm` when not. */
export function decidedBy(judge: StanceJudge): JudgeKind {
  return judge.kind ?? (judge.local ? "builtin" : "llm");
}

/** The judge's judgements, each saying who decided it (a judgement that already says so keeps it). */
export function withDecider(
  judgements: readonly StanceJudgement[],
  judge: StanceJudge,
): (StanceJudgement & { judge: JudgeKind })[] {
  return judgements.map((j) => ({ ...j, judge: j.judge ?? decidedBy(judge) }));
}

/**
 * Takes no position on anything. It keeps the pipeline honest while no real classifier is
 * configured: with every source neutral, no claim can be called corroborated.
 */
export const neutralJudge: StanceJudge = {
  name: "neutral",
  local: true,
  kind: "builtin",
  async judge(_claim, items) {
    return items.map(() => ({ stance: "neutral", score: 0 }));
  },
};
