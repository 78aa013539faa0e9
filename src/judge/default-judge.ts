import { lexicalJudge } from "./lexical-stance.js";
import type { StanceJudge } from "./stance.js";

/** The stance judge used when the caller names none: the built-in, offline lexical classifier. */
export const defaultJudge: StanceJudge = lexicalJudge;
