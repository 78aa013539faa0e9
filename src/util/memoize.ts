/**
 * `compute` with its results kept by argument, at most `max` of them: past that, the older half is
 * dropped. For pure functions of a string whose results are never changed by their callers, so a
 * result can be worked out ahead (as each call's results arrive) and shared by every question of a
 * process.
 */
export function memoize<R>(compute: (key: string) => R, max = 4_096): (key: string) => R {
  const kept = new Map<string, R>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as R;
    const value = compute(key);
    if (kept.size >= max) {
      let drop = max / 2;
      for (const old of kept.keys()) {
        if (drop-- <= 0) break;
        kept.delete(old);
      }
    }
    kept.set(key, value);
    return value;
  };
}
