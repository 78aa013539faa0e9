import { judgeProfile, PROFILE_STANCES, type ProfileStance, profileStance } from "./judge-profiles.js";
import type { JudgeKind, Stance } from "./stance.js";

/** Pseudo-count of each stance in a question before its sources are read: a uniform prior. */
const PRIOR = 1;
/** Rounds of estimating a question's stance shares and the sources' stances from each other. */
const ROUNDS = 30;

/**
 * How likely each source is to truly support, contradict or take no side, given what its judge said
 * and how often that judge is right (src/data/judge-profiles.json). A judge's mistakes are read
 * against the question: among eight sources judged to support, one judged to contradict is more
 * likely a misread than among four and four. The question's share of each stance and each source's
 * true stance are estimated together (expectation–maximisation over a judge confusion that is known,
 * as Dawid and Skene do with annotators). Rows are [support, contradict, neutral] and sum to 1; a
 * judge that is never wrong (the caller) gives back its own stances.
 */
export function stancePosteriors(
  items: readonly { stance: Stance; judge?: JudgeKind | undefined }[],
): number[][] {
  const judged = items.map((item) => PROFILE_STANCES.indexOf(profileStance(item.stance)));
  // likelihood[i][t]: how likely the judge was to say what it said if the true stance were t.
  const likelihood = items.map((item, i) => {
    const { confusion } = judgeProfile(item.judge ?? "caller");
    const said = PROFILE_STANCES[judged[i] ?? 2] as ProfileStance;
    return PROFILE_STANCES.map((truth) => confusion[truth][said]);
  });
  let shares = [1 / 3, 1 / 3, 1 / 3];
  let posteriors = likelihood.map(() => [0, 0, 0]);
  for (let round = 0; round < ROUNDS; round++) {
    posteriors = likelihood.map((row) => normalise(row.map((l, t) => l * (shares[t] ?? 0))));
    const counts = [PRIOR, PRIOR, PRIOR];
    for (const row of posteriors) for (let t = 0; t < 3; t++) counts[t] = (counts[t] ?? 0) + (row[t] ?? 0);
    shares = normalise(counts);
  }
  return posteriors;
}

function normalise(row: readonly number[]): number[] {
  const sum = row.reduce((total, value) => total + value, 0);
  return sum > 0 ? row.map((value) => value / sum) : row.map(() => 1 / row.length);
}
