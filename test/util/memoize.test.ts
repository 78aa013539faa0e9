import { describe, expect, it } from "vitest";
import { memoize } from "../../src/util/memoize.js";

describe("memoize", () => {
  it("computes each argument once and gives back the kept result", () => {
    const computed: string[] = [];
    const upper = memoize((text) => {
      computed.push(text);
      return { text: text.toUpperCase() };
    });
    const first = upper("a");
    expect(upper("a")).toBe(first);
    upper("b");
    expect(computed).toStrictEqual(["a", "b"]);
  });

  it("keeps at most `max` results, dropping the older half when full", () => {
    const computed: string[] = [];
    const same = memoize((text) => {
      computed.push(text);
      return text;
    }, 4);
    for (const key of ["a", "b", "c", "d", "e"]) same(key);
    computed.length = 0;
    for (const key of ["c", "d", "e", "a"]) same(key);
    // "a" and "b" went when "e" came; "c" to "e" were still kept.
    expect(computed).toStrictEqual(["a"]);
  });
});
