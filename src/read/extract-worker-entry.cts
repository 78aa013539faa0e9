/**
 * The module the extraction threads load (extraction-pool.ts). piscina loads a task's module with
 * `require()`, and Node 20 requiring an ES module can crash the whole process, past any handler,
 * when a thread is stopped while the module is still being loaded (the pool stops threads at once
 * when a server closes or a read is abandoned). So the threads load this CommonJS file, which only
 * `import()`s the extraction: a stop then ends a pending import, not the process.
 */
type Worker = typeof import("./extract-worker.js");

// Loaded as the thread starts; a failure reaches each task that awaits it, not the thread.
const worker: Promise<Worker> = import("./extract-worker.js");
worker.catch(() => undefined);
const load = (): Promise<Worker> => worker;

export = Object.assign(async (input: Parameters<Worker["default"]>[0]) => (await load()).default(input), {
  warm: async () => (await load()).warm(),
});
