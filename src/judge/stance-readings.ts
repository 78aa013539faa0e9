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
 * (the caller) keeps its stance. `likelihood` is the judges' answers read once (answerLikelihoods).
 * `visit` sees each reading; the array is reused between calls.
 */
export function drawReadings(
  likelihood: AnswerLikelihoods,
  readings: number,
  random: () => number,
  visit: (stances: Int8Array) => void,
): void {
  const alpha = questionMixConcentration();
  // Each item's three likelihoods side by side, and the counts of each stance in the reading, kept
  // in locals: this loop runs thousands of times a question.
  const n = likelihood.length / 3;
  const stances = new Int8Array(n);
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  for (let i = 0; i < n; i++) {
    const row = likelihood.subarray(3 * i, 3 * i + 3);
    // Start from the likeliest truth of each answer.
    const start = row.indexOf(Math.max(...row));
    stances[i] = start;
    if (start === 0) c0++;
    else if (start === 1) c1++;
    else c2++;
  }
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

/** A judge's answer as the readings take it: its stance, its score and who gave it (absent: the caller). */
export type JudgedAnswer = { stance: Stance; score?: number | undefined; judge?: JudgeKind | undefined };

/** Each answer's likelihood under each true stance (support, contradict, none), three per answer. */
export type AnswerLikelihoods = Float64Array;

/** The likelihoods of the answers, read once for every use (answerLikelihood, judge-profiles.ts). */
export function answerLikelihoods(answers: readonly JudgedAnswer[]): AnswerLikelihoods {
  const likelihood = new Float64Array(3 * answers.length);
  answers.forEach((answer, i) => {
    likelihood.set(answerLikelihood(answer.judge ?? "caller", answer), 3 * i);
  });
  return likelihood;
}

/** The one true stance answer `i` allows (its judge is never wrong, as the caller), or -1. */
export function onlyTruth(likelihood: AnswerLikelihoods, i: number): number {
  let truth = -1;
  for (let k = 0; k < 3; k++) {
    if ((likelihood[3 * i + k] as number) <= 0) continue;
    if (truth >= 0) return -1;
    truth = k;
  }
  return truth;
}

/** True stances when every answer allows one only (stances the caller gave): one reading is all. */
export function certainStances(likelihood: AnswerLikelihoods): number[] | undefined {
  const stances: number[] = [];
  for (let i = 0; i < likelihood.length / 3; i++) {
    const truth = onlyTruth(likelihood, i);
    if (truth < 0) return undefined;
    stances.push(truth);
  }
  return stances;
}
