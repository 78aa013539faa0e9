import { describe, expect, it } from "vitest";
import { StampedTable } from "../../src/util/stamped-table.js";

describe("StampedTable", () => {
  it("gives each call slots of its own without clearing, and grows to twice the entries asked for", () => {
    const table = new StampedTable(2, 4);
    table.start(2);
    table.stamps[1] = table.stamp;
    const first = table.stamp;
    table.start(2);
    // The slot claimed by the last call is not this call's.
    expect(table.stamp).not.toBe(first);
    expect(table.stamps[1]).not.toBe(table.stamp);
    table.start(5);
    expect(table.stamps.length).toBe(16);
    expect(table.columns.map((column) => column.length)).toEqual([16, 16]);
  });

  it("clears the stamps once when the stamp wraps, so an old slot never passes for a new one", () => {
    const table = new StampedTable(1, 8);
    table.start(1);
    table.stamps[3] = 1;
    table.stamp = 0x7fffffff;
    table.start(1);
    expect(table.stamp).toBe(1);
    expect(table.stamps[3]).toBe(0);
  });
});
