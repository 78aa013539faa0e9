import { isMainThread, parentPort, Worker } from "node:worker_threads";

/**
 * `core-search serve` runs in a thread of its own: the process's main thread starts it, passes on
 * SIGINT and SIGTERM, and exits with its exit code. The reason is the young generation, which a
 * thread can be given when it starts but the main thread only by a flag on node's command line. A
 * busy server holds each question's hits and analysis for a few hundred milliseconds, longer than
 * V8's default semi-spaces last at 20 questions at once, so collecting them is a large part of its
 * work. With 32 MB semi-spaces, two servers taking turns round by round (20 questions at once, as in
 * bench/server.mjs; two runs) used 1.2 and 1.8 ms less CPU a question.
 */
const YOUNG_GENERATION_MB = 96;

const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;
type StopSignal = (typeof STOP_SIGNALS)[number];

/**
 * Runs the command line `args` (a `serve`) in a server thread started from `entry`, the built
 * command; resolves with the thread's exit code, and rejects with a failure the thread did not handle.
 */
export function serveInThread(entry: URL, args: readonly string[]): Promise<number> {
  const thread = new Worker(entry, {
    argv: [...args],
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  // Once: a second signal ends the process at once, as it would without the thread.
  const stopListening = onFirstStopSignal((signal) => thread.postMessage({ signal }));
  return new Promise((resolve, reject) => {
    thread.once("error", reject);
    thread.on("exit", (code) => {
      stopListening();
      resolve(code);
    });
  });
}

/** The signal that stops the server: the process's own, or the one its main thread passed on. */
export function stopSignal(): Promise<StopSignal> {
  const port = parentPort;
  if (isMainThread || port === null) return new Promise((resolve) => onFirstStopSignal(resolve));
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const signal = (message as { signal?: unknown } | null)?.signal;
      if (!STOP_SIGNALS.includes(signal as StopSignal)) return;
      port.off("message", onMessage);
      resolve(signal as StopSignal);
    };
    port.on("message", onMessage);
  });
}

/** Calls `act` on the first SIGINT or SIGTERM, and stops listening; returns how to stop sooner. */
function onFirstStopSignal(act: (signal: StopSignal) => void): () => void {
  const stop = () => {
    for (const name of STOP_SIGNALS) process.off(name, first);
  };
  const first = (signal: StopSignal) => {
    stop();
    act(signal);
  };
  for (const name of STOP_SIGNALS) process.on(name, first);
  return stop;
}
