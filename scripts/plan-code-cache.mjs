// Writes dist/cli/plan.cache, the code V8 compiled for the planner's bundle while planning sample
// questions in each language the planner reads, so `core-search plan` starts without compiling it
// (src/util/code-cache.ts). Run by scripts/build.mjs in a process of its own: the cache must be
// written under the engine flags the command sets, and by nothing else compiled in the same script.
//
// Usage: node scripts/plan-code-cache.mjs   (after the bundles are built)
import { fileURLToPath } from "node:url";
import { compilePatternsForOneUse, setCommandFlags } from "../dist/interfaces/cli/engine-flags.js";
import { PLAN_BUNDLE } from "../dist/interfaces/cli/plan-shortcut.js";
import { requireWithCodeCache, writeCodeCache } from "../dist/util/code-cache.js";

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

const dist = (path) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
setCommandFlags();
compilePatternsForOneUse();
const bundle = requireWithCodeCache(dist(PLAN_BUNDLE.file), dist(PLAN_BUNDLE.cache));
for (const question of QUESTIONS) {
  for (const json of [true, false]) bundle.exports.planText({ question, json });
}
writeCodeCache(bundle, dist(PLAN_BUNDLE.cache));
