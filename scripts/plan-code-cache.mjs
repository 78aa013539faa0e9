// Writes dist/cli/plan.cache, the code V8 compiled for the planner's bundle while planning sample
// questions in each language the planner reads, so `core-search plan` starts without compiling it
// (src/util/code-cache.ts). Run by scripts/build.mjs in a process of its own: the cache must be
// written under the engine flags the command sets (loadPlanner sets them, as the command does), and
// by nothing else compiled in the same script.
//
// Usage: node scripts/plan-code-cache.mjs   (after the bundles are built)
import { loadPlanner } from "../dist/interfaces/cli/plan-bundle.js";
import { writeCodeCache } from "../dist/util/code-cache.js";

const QUESTIONS = [
  "Is intermittent fasting safe?",
  "Postgres vs MySQL for analytics",
  "My doctor says coffee raises blood pressure. Is that true?",
  "how to deploy Kubernetes on bare metal",
  "Ist Kaffee gesund?",
  "Kaffee oder Tee?",
  "Le jeûne intermittent est-il dangereux ?",
  "¿Es seguro el ayuno intermitente?",
];

const planner = loadPlanner(new URL("../dist/", import.meta.url));
for (const question of QUESTIONS) {
  for (const json of [true, false]) planner.planText({ question, json });
}
writeCodeCache(planner.bundle, planner.cacheFile);
