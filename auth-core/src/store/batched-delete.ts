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
 * Runs `deleteBatch(limit)` (a DELETE of at most `limit` rows, answering how many it removed)
 * until a batch comes back short. Each batch is sized toward SWEEP_BATCH_LIMITS.sliceMs and
 * followed by the pacer's wait, so millions of expired rows never hold requests for long: on
 * SQLite a statement runs on the thread that answers requests (docs/performance.md, "The expiry
 * sweep"). Returns the total removed.
 */
export async function deleteInBatches(pace: SweepPace, deleteBatch: (limit: number) => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let total = 0;
  let limit: number = SWEEP_BATCH_LIMITS.first;
  for (;;) {
    const started = pace.clock.now().getTime();
    const removed = Number((await deleteBatch(limit)).numDeletedRows);
    const tookMs = pace.clock.now().getTime() - started;
    total += removed;
    if (removed < limit) return total;
    limit = nextBatchLimit(limit, tookMs);
    await pace.pacer.pause(tookMs);
  }
}
