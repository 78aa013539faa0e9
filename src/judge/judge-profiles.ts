import { z } from "zod";
import { readDataFile } from "../util/read-data-file.js";
import { JUDGE_KINDS, type JudgeKind, type Stance } from "./stance.js";

/** The stances a judge's error profile tells apart: `unrelated` takes no side, as `neutral` does. */
export const PROFILE_STANCES = ["support", "contradict", "neutral"] as const;
export type ProfileStance = (typeof PROFILE_STANCES)[number];

/** One share per score band of the profile. */
const perBand = z.array(z.number().min(0).max(1)).min(1);
const answers = z.object({ support: perBand, contradict: perBand, neutral: perBand });

const profileSchema = z
  .object({
    /** Where the figures were measured, or null for a documented default. */
    measured: z.string().nullable(),
    /**
     * The lower edge of each band of the judge's score, from 0: a judge is surer of some answers than
     * of others, and how often it is right differs with how sure it said it was. One band, [0], when
     * its scores are not measured.
     */
    scoreBands: z.array(z.number().min(0).max(1)).min(1),
    /**
     * `confusion[true][judged][band]`: of the texts whose true stance is the key, the share the judge
     * gives the stance `judged` with a score in `band`. Each true stance's shares sum to 1.
     */
    confusion: z.object({ support: answers, contradict: answers, neutral: answers }),
    labelAccuracy: z.number().min(0).max(1),
    directionAccuracy: z.number().min(0).max(1),
  })
  .superRefine((profile, context) => {
    if (profile.scoreBands[0] !== 0) context.addIssue({ code: "custom", message: "scoreBands start at 0" });
    for (const truth of PROFILE_STANCES) {
      const rows = Object.values(profile.confusion[truth]);
      if (rows.some((row) => row.length !== profile.scoreBands.length))
        context.addIssue({ code: "custom", message: `${truth}: one share per score band` });
      const sum = rows.flat().reduce((a, b) => a + b, 0);
      if (Math.abs(sum - 1) > 0.01)
        context.addIssue({ code: "custom", message: `${truth}: shares sum to ${sum}, not 1` });
    }
  });

export type JudgeProfile = z.infer<typeof profileSchema>;

const fileSchema = z.object({
  /**
   * How one-sided a question's sources tend to be: the concentration of a symmetric Dirichlet over a
   * question's shares of support, contradiction and no side, fitted to labelled real questions.
   * Below 1, most questions lean to one side.
   */
  questionMix: z.object({ concentration: z.number().positive(), measured: z.string() }),
  judges: z.object(
    Object.fromEntries(JUDGE_KINDS.map((kind) => [kind, profileSchema])) as {
      [K in JudgeKind]: typeof profileSchema;
    },
  ),
});

let file: z.infer<typeof fileSchema> | undefined;

function profiles(): z.infer<typeof fileSchema> {
  file ??= fileSchema.parse(readDataFile("judge-profiles.json"));
  return file;
}

/** Each judge's error profile (src/data/judge-profiles.json), read on first use. */
export function judgeProfile(kind: JudgeKind): JudgeProfile {
  return profiles().judges[kind];
}

/** The Dirichlet concentration of a question's stance shares (see the file's `questionMix`). */
export function questionMixConcentration(): number {
  return profiles().questionMix.concentration;
}

/** The stance as a profile reads it. */
export function profileStance(stance: Stance): ProfileStance {
  return stance === "unrelated" ? "neutral" : stance;
}

/** The band of the profile a score falls in; no score counts as sure. */
export function scoreBand(profile: JudgeProfile, score: number | undefined): number {
  const bands = profile.scoreBands;
  let band = 0;
  for (let b = 1; b < bands.length; b++) if ((score ?? 1) >= (bands[b] as number)) band = b;
  return band;
}

/**
 * How likely the judge was to answer what it did, with that score, if the text truly supported,
 * contradicted or took no side: [support, contradict, neutral].
 */
export function answerLikelihood(
  kind: JudgeKind,
  answer: { stance: Stance; score?: number | undefined },
): [number, number, number] {
  const profile = judgeProfile(kind);
  const band = scoreBand(profile, answer.score);
  const said = profileStance(answer.stance);
  const [s, c, n] = PROFILE_STANCES.map((truth) => profile.confusion[truth][said][band] as number);
  return [s as number, c as number, n as number];
}
