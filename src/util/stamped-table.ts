/**
 * An open-addressing table of int32 columns kept between calls: an entry belongs to the call whose
 * stamp its slot carries, so a new call clears nothing, and once the table is large enough a call
 * allocates nothing. The caller probes the slots itself, in its own hot loop.
 */
export class StampedTable {
  /** One column per part of an entry, each as long as `stamps`. */
  columns: Int32Array[];
  /** The stamp of the call that last claimed each slot. */
  stamps: Int32Array;
  /** The current call's stamp. */
  stamp = 0;

  constructor(columns: number, size: number) {
    this.columns = Array.from({ length: columns }, () => new Int32Array(size));
    this.stamps = new Int32Array(size);
  }

  /** Starts a call that holds at most `entries`: the table is grown to at least twice as many slots. */
  start(entries: number): void {
    if (this.stamps.length < 2 * entries) {
      const size = 2 ** Math.ceil(Math.log2(2 * entries));
      this.columns = this.columns.map(() => new Int32Array(size));
      this.stamps = new Int32Array(size);
      this.stamp = 0;
    }
    this.stamp = this.stamp === 0x7fffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.stamps.fill(0);
  }
}
