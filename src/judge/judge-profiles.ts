import { z } from "zod";
import { readDataFile } from "../util/read-data-file.js";
import { JUDGE_KINDS, type JudgeKind, type Stance } from "./stance.js";

/** The stances a judge's error profile tells apart: `unrelated` takes no side, as `neutral` does. */
export const PROFILE_STANCES = ["support", "contradict", "neutral"] as const;
export type ProfileStance = (typeof PROFILE_STANCES)[number];

const shares = z.object({ support: z.number(), contradict: z.number(), neutral: z.number() });

const profileSchema = z.object({
  /** Where the figures were measured, or null for a documented default. */
  measured: z.string().nullable(),
  /** `confusion[true][judged]`: of the texts whose true stance is the key, the share judged each way. */
  confusion: z.object({ support: shares, contradict: shares, neutral: shares }),
  labelAccuracy: z.number().min(0).max(1),
  directionAccuracy: z.number().min(0).max(1),
});

export type JudgeProfile = z.infer<typeof profileSchema>;

const fileSchema = z.object({
  judges: z.object(
    Object.fromEntries(JUDGE_KINDS.map((kind) => [kind, profileSchema])) as {
      [K in JudgeKind]: typeof profileSchema;
    },
  ),
});

let profiles: Readonly<Record<JudgeKind, JudgeProfile>> | undefined;

/** Each judge's error profile (src/data/judge-profiles.json), read on first use. */
export function judgeProfile(kind: JudgeKind): JudgeProfile {
  profiles ??= fileSchema.parse(readDataFile("judge-profiles.json")).judges;
  return profiles[kind];
}

/** The stance as a profile reads it. */
export function profileStance(stance: Stance): ProfileStance {
  return stance === "unrelated" ? "neutral" : stance;
}
