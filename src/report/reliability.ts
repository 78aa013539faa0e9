import { z } from "zod";
import { judgeProfile } from "../judge/judge-profiles.js";
import { JUDGE_KINDS, type JudgeKind } from "../judge/stance.js";
import { capitalize } from "../util/capitalize.js";

/** How sure a label is: who judged the stances, and how often that judge's labels are right. */
export const reliabilitySchema = z.object({
  judge: z
    .enum([...JUDGE_KINDS, "mixed"])
    .describe(
      "Who decided the stances: one judge, or `mixed` when several did (the caller's with the built-in's)",
    ),
  labelAccuracy: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "The share of held-out real questions whose label this judge gets right (docs/accuracy.md); for `mixed`, the lowest of its judges'",
    ),
  measured: z
    .boolean()
    .describe(
      "False when labelAccuracy is a documented default, not yet measured for this judge (model judges)",
    ),
  pagesRead: z
    .number()
    .int()
    .min(0)
    .describe(
      "Pages read in full and judged on their passages rather than their snippets (0 for snippets only)",
    ),
  labelProbability: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "How likely correct stances would give this same label, allowing for the judge's measured mistakes: 1 when every stance was given",
    ),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

const WHO: Readonly<Record<JudgeKind | "mixed", string>> = {
  builtin: "the built-in judge, which weighs words rather than reading meaning",
  llm: "an LLM judge",
  sampling: "the MCP client's model",
  caller: "the caller",
  mixed: "several judges",
};

/**
 * The reliability of a label from the judges of its sources' stances and the labeler's probability.
 * With no source at all, the built-in judge is named, as it would have judged them.
 */
export function reliabilityOf(
  judges: readonly JudgeKind[],
  labelProbability: number,
  pagesRead = 0,
): Reliability {
  const kinds = [...new Set(judges)];
  const judge = kinds.length === 1 ? (kinds[0] as JudgeKind) : kinds.length === 0 ? "builtin" : "mixed";
  const profiles = (kinds.length === 0 ? ["builtin" as const] : kinds).map(judgeProfile);
  const weakest = profiles.reduce((a, b) => (b.labelAccuracy < a.labelAccuracy ? b : a));
  return {
    judge,
    labelAccuracy: weakest.labelAccuracy,
    measured: profiles.every((p) => p.measured !== null),
    pagesRead,
    labelProbability: Math.round(labelProbability * 100) / 100,
  };
}

/** The reliability in one plain sentence: who judged, how often such labels are right, what would make it surer. */
export function reliabilityLine(reliability: Reliability): string {
  const percent = `${Math.round(reliability.labelAccuracy * 100)}%`;
  const rate = reliability.measured
    ? `whose labels were right for ${percent} of held-out real questions`
    : `whose labels are assumed right for about ${percent} of questions (not yet measured)`;
  const read = reliability.pagesRead;
  const ways =
    reliability.judge === "caller"
      ? []
      : [
          read === 0 ? "reading the pages" : "reading more pages",
          ...(reliability.judge === "builtin" || reliability.judge === "mixed" ? ["a model judge"] : []),
          "your own stances",
        ];
  const surer = ways.length === 0 ? "" : ` ${capitalize(list(ways))} would make it surer.`;
  const pages = read === 0 ? "" : ` ${read} page${read === 1 ? " was" : "s were"} read in full.`;
  const chance =
    reliability.labelProbability < 1
      ? `; allowing for its likely mistakes, this label holds in ${Math.round(reliability.labelProbability * 100)}% of readings`
      : "";
  return `Reliability: stances by ${WHO[reliability.judge]}, ${rate}${chance}.${pages}${surer}`;
}

/** "a, b or c". */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
