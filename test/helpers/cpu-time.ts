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
