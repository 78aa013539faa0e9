/**
 * The module the analysis threads load (analysis-pool.ts): a CommonJS file that only `import()`s the
 * analysis, for the reason read/extract-worker-entry.cts gives (piscina `require()`s a task's module,
 * and Node 20 requiring an ES module can crash the process when a thread is stopped mid-load).
 */
type Worker = typeof import("./analyse-hits-worker.js");

// Loaded as the thread starts; a failure reaches each task that awaits it, not the thread.
const worker: Promise<Worker> = import("./analyse-hits-worker.js");
worker.catch(() => undefined);
const load = (): Promise<Worker> => worker;

export = Object.assign(async (input: Parameters<Worker["default"]>[0]) => (await load()).default(input), {
  judgeTexts: async (input: Parameters<Worker["judgeTexts"]>[0]) => (await load()).judgeTexts(input),
  prime: async () => (await load()).prime(),
});
