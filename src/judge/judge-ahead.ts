import type { StanceInput, StanceJudge, StanceJudgement } from "./stance.js";

export interface JudgeAhead {
  /** Judges these results now, while the other calls are still out (a local judge only). */
  add(items: readonly StanceInput[]): void;
  /** The same judge, answering from what was judged ahead and judging only the rest. */
  judge: StanceJudge;
  /**
   * What was judged ahead of each of `items`, in their order (null: not judged ahead), once every
   * judgement asked for so far is in.
   */
  judgedFor(items: readonly StanceInput[]): Promise<(StanceJudgement | null)[]>;
}

/**
 * Values by a text's title and snippet, the text a per-text judge reads: two lookups by the strings
 * as they are, so no key joining the two is built (and copied flat) for every result.
 */
class ByText<V> {
  readonly #titles = new Map<string, Map<string, V>>();
  get(item: StanceInput): V | undefined {
    return this.#titles.get(item.title)?.get(item.snippet);
  }
  set(item: StanceInput, value: V): void {
    let snippets = this.#titles.get(item.title);
    if (snippets === undefined) {
      snippets = new Map();
      this.#titles.set(item.title, snippets);
    }
    snippets.set(item.snippet, value);
  }
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
  seed: Iterable<[StanceInput, StanceJudgement]> = [],
): JudgeAhead {
  if (!judge.local || !judge.perText)
    return { add: () => {}, judge, judgedFor: async (items) => items.map(() => null) };
  const known = new ByText<Promise<StanceJudgement | undefined>>();
  for (const [item, judgement] of seed) known.set(item, Promise.resolve(judgement));
  const notes: string[] = [];
  const signal = new AbortController().signal;
  const judgeNew = (items: readonly StanceInput[]): void => {
    const fresh: StanceInput[] = [];
    const queued = new ByText<true>();
    for (const item of items) {
      if (known.get(item) !== undefined || queued.get(item)) continue;
      queued.set(item, true);
      fresh.push(item);
    }
    if (fresh.length === 0) return;
    // A local judge does its work before its promise settles: the cost is paid here, now. A failure
    // surfaces when the judgements are asked for, as the judge's own failure would; so does an
    // answer that is not one judgement per text, whose judgements cannot be told apart.
    const judged = judge.judge(claim, fresh, signal, (note) => notes.push(note));
    const whole = (all: unknown): all is unknown[] => Array.isArray(all) && all.length === fresh.length;
    fresh.forEach((item, index) => {
      known.set(
        item,
        judged.then(
          (all) => (whole(all) ? all[index] : undefined),
          () => undefined,
        ),
      );
    });
  };
  /** What is known of each of `items` once it is in (undefined: not judged, or the judge failed). */
  const lookUp = (items: readonly StanceInput[]) => Promise.all(items.map((item) => known.get(item)));
  return {
    add: judgeNew,
    async judgedFor(items) {
      return (await lookUp(items)).map((judgement) => judgement ?? null);
    },
    judge: {
      name: judge.name,
      local: true,
      perText: true,
      ...(judge.kind === undefined ? {} : { kind: judge.kind }),
      async judge(asked, items, askedSignal, note) {
        if (asked !== claim) return judge.judge(asked, items, askedSignal, note);
        judgeNew(items);
        const judgements = await lookUp(items);
        for (const text of notes.splice(0)) note?.(text);
        if (judgements.some((j) => j === undefined)) throw new Error(`stance judge "${judge.name}" failed`);
        return judgements as StanceJudgement[];
      },
    },
  };
}
