import { performance } from "node:perf_hooks";

/**
 * How the expiry sweep spaces its batches. On SQLite a batch runs on the thread that answers
 * requests, and on PostgreSQL it takes the database's CPU and disk from them: between two batches
 * the sweep waits, long while the server is busy, briefly while it is idle (docs/performance.md,
 * "The expiry sweep"). Tests inject their own and wait for nothing.
 */
export interface SweepPacer {
  /** Waits before the next batch; `batchMs` is how long the last one took. */
  pause(batchMs: number): Promise<void>;
}

/** The shortest wait, long enough for the event loop to block in its poll and take new requests. */
const IDLE_PAUSE_MS = 1;
/** While the server is fully busy the sweep takes at most 1 / (1 + BUSY_FACTOR) of the time: a tenth. */
const BUSY_FACTOR = 9;
/** The event loop's utilization, over the last pause, at which the sweep counts the server fully busy. */
const FULLY_BUSY = 0.5;

/**
 * The wait after a batch of `batchMs`, given the share of the last wait the event loop spent on
 * other work (0 idle, 1 busy all along): from IDLE_PAUSE_MS up to BUSY_FACTOR batches' time.
 */
export function pauseAfterBatch(batchMs: number, busy: number): number {
  return Math.max(IDLE_PAUSE_MS, Math.round(batchMs * BUSY_FACTOR * Math.min(1, busy / FULLY_BUSY)));
}

/** The server's pacer: reads how busy the event loop was during each wait (Node's event-loop utilization). */
export function createEventLoopPacer(): SweepPacer {
  let busy = 1;
  return {
    async pause(batchMs) {
      const before = performance.eventLoopUtilization();
      await new Promise<void>((resolve) => setTimeout(resolve, pauseAfterBatch(batchMs, busy)));
      busy = performance.eventLoopUtilization(before).utilization;
    },
  };
}
