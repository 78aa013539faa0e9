import { answerLikelihood, questionMixConcentration } from "./judge-profiles.js";
import type { JudgeKind, Stance } from "./stance.js";

/** Sweeps made before readings are kept, so the first ones do not lean on the judge's own answers. */
const BURN_IN = 100;

/**
 * Readings of a question's evidence: in each, every source's true stance (0 support, 1 contradict,
 * 2 no side), drawn so that the readings follow how likely each is given what the judges said, how
 * often each judge is right at the score it gave (src/data/judge-profiles.json), and how one-sided
 * questions' sources tend to be. A judge's answer is thus read against its question: among eight
 * sources judged to support, one judged to contradict is likelier a misread than among four and four.
 *
 * It is a collapsed Gibbs sampler over a Dirichlet–multinomial (the judges' confusions known, as
 * Dawid and Skene model annotators): each source's stance is drawn again in turn, given its judge's
 * answer and the stances the other sources have in the reading. A source whose judge is never wrong
 * (the caller) keeps its stance. `visit` sees each reading; the array is reused between calls.
 */
export function drawReadings(
  items: readonly { stance: Stance; score?: number | undefined; judge?: JudgeKind | undefined }[],
  readings: number,
  random: () => number,
  visit: (stances: Int8Array) => void,
): void {
  const alpha = questionMixConcentration();
  const n = items.length;
  // Each item's three likelihoods side by side, and the counts of each stance in the reading, kept
  // in locals: this loop runs thousands of times a question.
  const likelihood = new Float64Array(3 * n);
  const stances = new Int8Array(n);
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  items.forEach((item, i) => {
    const row = answerLikelihood(item.judge ?? "caller", item);
    likelihood.set(row, 3 * i);
    // Start from the likeliest truth of each answer.
    const start = row.indexOf(Math.max(...row));
    stances[i] = start;
    if (start === 0) c0++;
    else if (start === 1) c1++;
    else c2++;
  });
  for (let sweep = 0; sweep < BURN_IN + readings; sweep++) {
    for (let i = 0; i < n; i++) {
      const was = stances[i] as number;
      if (was === 0) c0--;
      else if (was === 1) c1--;
      else c2--;
      const p0 = (likelihood[3 * i] as number) * (c0 + alpha);
      const p1 = (likelihood[3 * i + 1] as number) * (c1 + alpha);
      const p2 = (likelihood[3 * i + 2] as number) * (c2 + alpha);
      const u = random() * (p0 + p1 + p2);
      if (u < p0) {
        stances[i] = 0;
        c0++;
      } else if (u < p0 + p1) {
        stances[i] = 1;
        c1++;
      } else {
        stances[i] = 2;
        c2++;
      }
    }
    if (sweep >= BURN_IN) visit(stances);
  }
}

/** True when every answer allows one true stance only (stances the caller gave): one reading is all. */
export function certainStances(
  items: readonly { stance: Stance; score?: number | undefined; judge?: JudgeKind | undefined }[],
): number[] | undefined {
  const stances: number[] = [];
  for (const item of items) {
    const row = answerLikelihood(item.judge ?? "caller", item);
    if (row.filter((l) => l > 0).length !== 1) return undefined;
    stances.push(row.findIndex((l) => l > 0));
  }
  return stances;
}

/** True when the answer allows one true stance only: its judge is never wrong. */
export function isCertain(item: {
  stance: Stance;
  score?: number | undefined;
  judge?: JudgeKind | undefined;
}): boolean {
  return answerLikelihood(item.judge ?? "caller", item).filter((l) => l > 0).length === 1;
}
