import type { StanceInput, StanceJudge, StanceJudgement } from "./stance.js";

export interface JudgeAhead {
  /** Judges these results now, while the other calls are still out (a local judge only). */
  add(items: readonly StanceInput[]): void;
  /** The same judge, answering from what was judged ahead and judging only the rest. */
  judge: StanceJudge;
  /** What was judged ahead, by {@link judgedKey}, once every judgement asked for so far is in. */
  judged(): Promise<[string, StanceJudgement][]>;
}

/** Judgements are kept by title and snippet: the text a per-text judge reads. */
export function judgedKey(item: StanceInput): string {
  return `${item.title}\u0000${item.snippet}`;
}

/**
 * A local judge that decides each text on its own can start on each call's results as they
 * arrive: when the slowest call returns, only its own results are left to judge. Judgements are
 * kept by title and snippet; a page whose text dedup changed (a longer snippet from another call)
 * is judged at the end. Any other judge (an LLM, which reads a batch) is asked once, with
 * everything, as before.
 */
export function judgeAhead(
  judge: StanceJudge,
  claim: string,
  /** Judgements made elsewhere for this claim (a server's worker judged each call's results). */
  seed: Iterable<[string, StanceJudgement]> = [],
): JudgeAhead {
  if (!judge.local || !judge.perText) return { add: () => {}, judge, judged: async () => [] };
  const known = new Map<string, Promise<StanceJudgement | undefined>>();
  for (const [key, judgement] of seed) known.set(key, Promise.resolve(judgement));
  const notes: string[] = [];
  const keyOf = judgedKey;
  const signal = new AbortController().signal;
  const judgeNew = (items: readonly StanceInput[]): void => {
    const fresh = new Map<string, StanceInput>();
    for (const item of items) {
      const key = keyOf(item);
      if (!known.has(key) && !fresh.has(key)) fresh.set(key, item);
    }
    if (fresh.size === 0) return;
    // A local judge does its work before its promise settles: the cost is paid here, now. A failure
    // surfaces when the judgements are asked for, as the judge's own failure would.
    const judged = judge.judge(claim, [...fresh.values()], signal, (note) => notes.push(note));
    [...fresh.keys()].forEach((key, index) => {
      known.set(
        key,
        judged.then(
          (all) => all[index],
          () => undefined,
        ),
      );
    });
  };
  return {
    add: judgeNew,
    async judged() {
      const entries = await Promise.all(
        [...known].map(async ([key, judgement]) => [key, await judgement] as const),
      );
      return entries.filter((entry): entry is [string, StanceJudgement] => entry[1] !== undefined);
    },
    judge: {
      name: judge.name,
      local: true,
      perText: true,
      ...(judge.kind === undefined ? {} : { kind: judge.kind }),
      async judge(asked, items, askedSignal, note) {
        if (asked !== claim) return judge.judge(asked, items, askedSignal, note);
        judgeNew(items);
        const judgements = await Promise.all(items.map((item) => known.get(keyOf(item))));
        for (const text of notes.splice(0)) note?.(text);
        if (judgements.some((j) => j === undefined)) throw new Error(`stance judge "${judge.name}" failed`);
        return judgements as StanceJudgement[];
      },
    },
  };
}
