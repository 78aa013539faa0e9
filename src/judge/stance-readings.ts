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
  const likelihood = items.map((item) => answerLikelihood(item.judge ?? "caller", item));
  const stances = new Int8Array(items.length);
  const counts = [0, 0, 0];
  likelihood.forEach((row, i) => {
    // Start from the likeliest truth of each answer, the judge's own answer where it is possible.
    const start = row.indexOf(Math.max(...row));
    stances[i] = start;
    counts[start] = (counts[start] as number) + 1;
  });
  const p = [0, 0, 0];
  for (let sweep = 0; sweep < BURN_IN + readings; sweep++) {
    for (let i = 0; i < items.length; i++) {
      const row = likelihood[i] as number[];
      const was = stances[i] as number;
      counts[was] = (counts[was] as number) - 1;
      let total = 0;
      for (let t = 0; t < 3; t++) {
        p[t] = (row[t] as number) * ((counts[t] as number) + alpha);
        total += p[t] as number;
      }
      const u = random() * total;
      const now = u < (p[0] as number) ? 0 : u < (p[0] as number) + (p[1] as number) ? 1 : 2;
      stances[i] = now;
      counts[now] = (counts[now] as number) + 1;
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
