import type { DedupedItem } from "../dedup/dedupe.js";
import type { OriginGroup } from "../dedup/origins.js";
import type { JudgeKind, Stance, StanceJudgement } from "../judge/stance.js";
import { leadingPages } from "./leading-pages.js";

type Judged = StanceJudgement & { judge: JudgeKind };

/**
 * A snippet that takes a side with at least this calibrated score is clear enough: its page is not
 * read. Chosen on the tune split of test/fixtures/read-pages (docs/accuracy.md, "Reading pages"):
 * the lowest score at which leaving such pages unread cost no accuracy against reading them all.
 */
export const CLEAR_SNIPPET_SCORE = 0.92;

/** What the label is, in a form two labels can be compared by. */
export type LabelOf = (judgements: readonly Judged[]) => string;

/**
 * The pages `read: "auto"` reads, at most `max`: each origin's lead page (as `leadingPages`
 * picks it) whose snippet leaves the stance uncertain — it takes no side, or takes one below
 * `CLEAR_SNIPPET_SCORE` — and whose stance bears on the label: some other stance for it alone
 * would change the label. That covers the only origin behind a finding, the minority side that
 * makes it contested, and leading origins whose snippets take no side. Side-taking snippets come
 * first (a finding rests on them), then the others, each in leading order.
 */
export function pagesWorthReading(
  input: {
    items: readonly DedupedItem[];
    origins: readonly OriginGroup[];
    judgements: readonly Judged[];
    labelOf: LabelOf;
  },
  max: number,
): number[] {
  const { items, origins, judgements, labelOf } = input;
  const uncertain = leadingPages(items, origins, origins.length).filter((index) =>
    isUncertain(judgements[index]),
  );
  const takesSide = (index: number) => hasSide(judgements[index]?.stance);
  const ordered = [...uncertain.filter(takesSide), ...uncertain.filter((i) => !takesSide(i))];
  const label = labelOf(judgements);
  const chosen: number[] = [];
  for (const index of ordered) {
    if (chosen.length >= max) break;
    if (bearsOnLabel(index, judgements, label, labelOf)) chosen.push(index);
  }
  return chosen;
}

const hasSide = (stance: Stance | undefined) => stance === "support" || stance === "contradict";

/** Stances given by the caller are used as given; the judges' are uncertain without a clear side. */
function isUncertain(judged: Judged | undefined): boolean {
  if (judged === undefined || judged.judge === "caller") return false;
  return !hasSide(judged.stance) || judged.score < CLEAR_SNIPPET_SCORE;
}

const OTHER_STANCES: readonly Stance[] = ["support", "contradict", "neutral"];

/** Whether the page could change the label: some other stance, clearly taken, changes it. */
function bearsOnLabel(
  index: number,
  judgements: readonly Judged[],
  label: string,
  labelOf: LabelOf,
): boolean {
  const now = judgements[index] as Judged;
  return OTHER_STANCES.filter((stance) => stance !== now.stance).some((stance) => {
    const changed = [...judgements];
    changed[index] = { ...now, stance, score: CLEAR_SNIPPET_SCORE };
    return labelOf(changed) !== label;
  });
}
