import type { StanceJudge, StanceJudgement } from "../judge/stance.js";
import type { Passage, Quote } from "./passages.js";

/** What a page's passages say of a claim, and the quote that shows it best. */
export interface PageJudgement {
  judgement: StanceJudgement;
  quote: Quote;
}

/**
 * Judges the passages of one page with `judge` (whichever is in use: built-in, LLM or the client's
 * model) and gives the page one stance. Each passage is judged on its own words. The side that
 * the passages give the most confidence in total wins, so one stray sentence does not outvote two
 * that agree; its quote is the passage that took that side most confidently. Passages that take no
 * side, or as much of one side as of the other, give the page none, quoted by the passage that bears
 * on the claim most. Undefined when there is no passage.
 */
export async function judgePassages(
  judge: StanceJudge,
  claim: string,
  passages: readonly Passage[],
  signal: AbortSignal,
): Promise<PageJudgement | undefined> {
  const first = passages[0];
  if (first === undefined) return undefined;
  const judgements = await judge.judge(
    claim,
    passages.map((p) => ({ title: "", snippet: p.text })),
    signal,
  );
  const weight = { support: 0, contradict: 0 };
  passages.forEach((_, i) => {
    const j = judgements[i];
    if (j?.stance === "support" || j?.stance === "contradict") weight[j.stance] += j.score;
  });
  const side =
    weight.support > weight.contradict
      ? "support"
      : weight.contradict > weight.support
        ? "contradict"
        : undefined;
  if (side === undefined) {
    const neutral = judgements[0] ?? { stance: "neutral" as const, score: 0 };
    return { judgement: { ...neutral, stance: "neutral" }, quote: quoteOf(first) };
  }
  let best = -1;
  passages.forEach((_, i) => {
    const j = judgements[i];
    if (j?.stance === side && (best < 0 || j.score > (judgements[best]?.score ?? 0))) best = i;
  });
  const chosen = judgements[best] as StanceJudgement;
  return { judgement: chosen, quote: quoteOf(passages[best] as Passage) };
}

const quoteOf = ({ text, start, end }: Passage): Quote => ({ text, start, end });
