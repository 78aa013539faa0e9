/** The value given most often (the first of equals), told apart by `keyOf`; undefined when none is given. */
export function mostCommon<T>(
  values: readonly (T | undefined)[],
  keyOf: (value: T) => string = String,
): T | undefined {
  const counts = new Map<string, { value: T; count: number }>();
  for (const value of values) {
    if (value === undefined) continue;
    const key = keyOf(value);
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { value, count: 1 });
  }
  let best: { value: T; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.value;
}
