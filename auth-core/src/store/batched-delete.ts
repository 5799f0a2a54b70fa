import type { Clock } from "../deps/clock.js";
import type { SweepPacer } from "../deps/sweep-pacer.js";

/**
 * A batch's size: the first, the bounds, and the time one batch aims to take. A slice of 10 ms
 * holds SQLite's thread (and a PostgreSQL request's wait behind the sweep's locks and I/O) about
 * as long as a slow request would.
 */
export const SWEEP_BATCH_LIMITS = { first: 200, min: 20, max: 2_000, sliceMs: 10 } as const;

/** The next batch's size after one of `limit` rows took `tookMs`: toward the slice, at most doubling. */
export function nextBatchLimit(limit: number, tookMs: number): number {
  const { min, max, sliceMs } = SWEEP_BATCH_LIMITS;
  const factor = tookMs <= 0 ? 2 : Math.min(2, sliceMs / tookMs);
  return Math.min(max, Math.max(min, Math.round(limit * factor)));
}

/** What paces a sweep: the clock that times each batch and the pacer that waits between them. */
export interface SweepPace {
  clock: Clock;
  pacer: SweepPacer;
}

/**
 * Runs `deleteBatch(limit, from)` until a batch comes back short: a DELETE of at most `limit`
 * rows in the order of an indexed key (an expiry, a creation time), starting at `from` (the last
 * key the previous batch removed; null at first), answering the keys it removed. Starting where
 * the last batch ended matters on PostgreSQL: deleted rows stay in the index until a vacuum, and
 * a batch that started from the index's beginning walked every one the sweep had deleted so far.
 * Each batch is sized toward SWEEP_BATCH_LIMITS.sliceMs and followed by the pacer's wait, so
 * millions of expired rows never hold requests for long: on SQLite a statement runs on the thread
 * that answers requests (docs/performance.md, "The expiry sweep"). Returns the total removed.
 */
export async function deleteInBatches(pace: SweepPace, deleteBatch: (limit: number, from: string | null) => Promise<string[]>): Promise<number> {
  let total = 0;
  let limit: number = SWEEP_BATCH_LIMITS.first;
  let from: string | null = null;
  for (;;) {
    const started = pace.clock.now().getTime();
    const keys = await deleteBatch(limit, from);
    const tookMs = pace.clock.now().getTime() - started;
    const removed = keys.length;
    total += removed;
    if (removed < limit) return total;
    // Rows sharing the last key may remain: the next batch starts at it, not after it.
    from = keys.reduce((last, key) => (key > last ? key : last));
    limit = nextBatchLimit(limit, tookMs);
    await pace.pacer.pause(tookMs);
  }
}
