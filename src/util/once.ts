/** A value worked out on first use, then kept: for readings most callers never need. */
export function once<T>(work: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = work();
      done = true;
    }
    return value as T;
  };
}
