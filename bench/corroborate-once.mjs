// One `corroborate` in a process of its own, for benchmarks that need a question asked by another
// process sharing the same state directory (bench/api-path.mjs). Not a benchmark itself.
//
//   node bench/corroborate-once.mjs '{"settings": {…configFromObject…}, "question": "…", "limit": 20,
//                                      "warmUp": {…settings of a healthy service…}}'
//
// Loads the package, asks the question 3 times under `warmUp` when given (so that the measured
// question does not include the process's first-run compilation), prints `ready`, waits for a line on stdin (so that the caller can start the
// question when it wants, without the module loading in the measured time), runs the question and
// prints one JSON line: { wallMs, report }.
import { createInterface } from "node:readline";
import { configFromObject } from "../dist/config/config.js";
import { corroborate } from "../dist/index.js";
import { run, timed } from "./common.mjs";

const WARM_UP_QUESTIONS = 3;

run(async () => {
  const { settings, question, limit, warmUp } = JSON.parse(process.argv[2] ?? "{}");
  const config = configFromObject(settings);
  // Warm as a process that has answered a few questions, like the one it is compared with: what
  // differs between the two is the process, not how far its code has been compiled.
  if (warmUp)
    for (let i = 0; i < WARM_UP_QUESTIONS; i += 1)
      await corroborate(question, { config: configFromObject(warmUp), limit });
  const lines = createInterface({ input: process.stdin });
  const go = new Promise((resolve, reject) => {
    lines.once("line", resolve);
    lines.once("close", () => reject(new Error("stdin closed before the go line")));
  });
  console.log("ready");
  await go;
  lines.close();
  const { ms, result } = await timed(() => corroborate(question, { config, limit }));
  console.log(JSON.stringify({ wallMs: ms, report: result }));
});
