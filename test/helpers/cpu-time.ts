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
 * sixteenth of it, the fastest of five runs each. Work linear in its input gives about 16 (less when
 * it takes under a millisecond); work that rereads the rest of the input from each position gives
 * 256. A ratio of two timings taken side by side holds on a busy machine, where a bound in
 * milliseconds does not.
 */
export function growth(work: (share: number) => unknown): number {
  const fastest = (share: number) => Math.min(...Array.from({ length: 5 }, () => cpuMs(() => work(share))));
  // A timer's step (about a millisecond on some machines) is no measure of a quick call.
  return Math.max(fastest(1), 1) / Math.max(fastest(SHARE), 1);
}

/** The part of the input {@link growth} compares the whole with. */
export const SHARE = 1 / 16;
