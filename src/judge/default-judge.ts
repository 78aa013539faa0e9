import { neutralJudge, type StanceJudge } from "./stance.js";

/** The stance judge used when the caller names none. */
export const defaultJudge: StanceJudge = neutralJudge;
