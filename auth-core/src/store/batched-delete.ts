/** Rows one statement of the expiry sweep deletes at most. */
const SWEEP_BATCH = 1_000;

/**
 * Runs `deleteBatch(limit)` (a DELETE of at most `limit` rows, answering how many it removed)
 * until a batch comes back short, and lets the event loop turn between batches: on SQLite a
 * statement runs on the thread that answers requests, so one DELETE of millions of expired rows
 * would hold every request until it ends; batches of SWEEP_BATCH with a turn between them keep
 * each hold short (docs/performance.md, "At a million people"). Returns the total removed.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = Number((await deleteBatch(SWEEP_BATCH)).numDeletedRows);
    total += removed;
    if (removed < SWEEP_BATCH) return total;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
