/**
 * Milliseconds of CPU the process spent in `work`: what a synchronous call holds the event loop for,
 * without the time other processes take from it on a busy machine (wall-clock time would count that).
 */
export function cpuMs(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/**
 * How the CPU time of `work` grows with its input: the time on the whole input ÷ the time on a
 * sixteenth of it (`inputOf(1)`, `inputOf(1 / 16)`, each made once before it is timed), the fastest
 * of five runs each. Work linear in its input gives about 16 (less when it takes under a
 * millisecond); work that rereads the rest of the input from each position gives 256. A ratio of
 * two timings taken side by side holds on a busy machine, where a bound in milliseconds does not.
 */
export function growth<T>(inputOf: (share: number) => T, work: (input: T) => unknown): number {
  const fastest = (input: T) => Math.min(...Array.from({ length: 5 }, () => cpuMs(() => work(input))));
  const [whole, part] = [inputOf(1), inputOf(1 / 16)];
  // A timer's step (about a millisecond on some machines) is no measure of a quick call.
  return Math.max(fastest(whole), 1) / Math.max(fastest(part), 1);
}

/**
 * What {@link growth} may be for work that should be linear: twice the 16 linear work costs, far
 * under the 256 of a pattern that retries the rest of its input from each position.
 */
export const LINEAR_GROWTH = 32;
