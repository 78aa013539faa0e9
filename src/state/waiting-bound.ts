/**
 * Time bounds for waiting on a store that may never answer, counted so that a loaded machine does
 * not trip them: the process's own starvation is not the store's silence.
 */

/** Waiting is counted in steps of this length. */
const STEP_MS = 100;

/** A wait that passed its bound. */
export class WaitingTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "WaitingTimeout";
  }
}

/**
 * `work`, unless `stop` aborts or `ms` of waiting pass first (then a `WaitingTimeout`). Waiting is
 * counted in short steps, each as its nominal length however late its timer fires: time the
 * process spent starved of CPU (twenty processes starting on two cores) or busy itself is not
 * charged to the store, whose answer may be sitting unread. The last step ends after the event
 * loop's next poll for the same reason. Unstarved, the bound is `ms`.
 */
export function withinWaiting<R>(work: Promise<R>, ms: number, stop?: AbortSignal): Promise<R> {
  // A late failure of abandoned work is nobody's business any more.
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  const cut = new Promise<never>((_, reject) => {
    let waited = 0;
    const step = () => {
      waited += STEP_MS;
      if (waited < ms) timer = setTimeout(step, STEP_MS);
      else setImmediate(() => reject(new WaitingTimeout(ms)));
    };
    timer = setTimeout(step, STEP_MS);
    onStop = () => reject(stop?.reason);
    stop?.addEventListener("abort", onStop, { once: true });
  });
  return Promise.race([work, cut]).finally(() => {
    clearTimeout(timer);
    if (onStop) stop?.removeEventListener("abort", onStop);
  });
}
