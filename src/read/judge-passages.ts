import { judgeStances } from "../judge/judge-stances.js";
import {
  decidedBy,
  type JudgeKind,
  type StanceJudge,
  type StanceJudgement,
  type StanceNote,
} from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import type { Passage, Quote } from "./passages.js";

type Judged = StanceJudgement & { judge: JudgeKind };

/** What a page's passages say of a claim, and the quote that shows it best. */
export interface PageJudgement {
  judgement: Judged;
  quote: Quote;
}

/**
 * Judges the passages of several pages at once with `judge` (whichever is in use: built-in, LLM
 * or the client's model, one request for all of them) and gives each page one stance, or undefined
 * for a page without passages. Each passage is judged on its own words.
 */
export async function judgePages(
  judge: StanceJudge,
  claim: string,
  pages: readonly (readonly Passage[])[],
  options: { deadline: AbortSignal; note: StanceNote; logger?: Logger | undefined },
): Promise<(PageJudgement | undefined)[]> {
  const asked = pages.flatMap((passages) => passages.filter((p) => p.onClaim));
  const judged = await judgeStances(
    judge,
    claim,
    asked.map((p) => ({ title: "", snippet: p.text })),
    options,
  );
  const answers = new Map(asked.map((p, i) => [p, judged[i] as Judged]));
  // A passage that names only the claim's subject takes no side on what the claim says of it.
  const mention: Judged = { stance: "neutral", score: 0, judge: decidedBy(judge) };
  return pages.map((passages) =>
    pageStance(
      passages,
      passages.map((p) => answers.get(p) ?? mention),
    ),
  );
}

/**
 * One page's stance from its passages' judgements. The side that the passages give the most
 * confidence in total wins, so one stray sentence does not outvote two that agree; its quote is the
 * passage that took that side most confidently. Passages that take no side, or as much of one side
 * as of the other, give the page none, quoted by the passage that bears on the claim most.
 */
export function pageStance(
  passages: readonly Passage[],
  judgements: readonly Judged[],
): PageJudgement | undefined {
  const first = passages[0];
  const firstJudged = judgements[0];
  if (first === undefined || firstJudged === undefined) return undefined;
  const weight = { support: 0, contradict: 0 };
  for (const j of judgements)
    if (j.stance === "support" || j.stance === "contradict") weight[j.stance] += j.score;
  const side =
    weight.support > weight.contradict
      ? "support"
      : weight.contradict > weight.support
        ? "contradict"
        : undefined;
  if (side === undefined) return { judgement: { ...firstJudged, stance: "neutral" }, quote: quoteOf(first) };
  let best = -1;
  judgements.forEach((j, i) => {
    if (j.stance === side && (best < 0 || j.score > (judgements[best]?.score ?? 0))) best = i;
  });
  return { judgement: judgements[best] as Judged, quote: quoteOf(passages[best] as Passage) };
}

const quoteOf = ({ text, start, end }: Passage): Quote => ({ text, start, end });
