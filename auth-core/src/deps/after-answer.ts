import type { Logger } from "./logger.js";

/**
 * Work that runs after the answer has gone out (mails whose latency or failure must not show to
 * the requester). Each task is kept until it ends, so a server can wait for them before it closes
 * its database on shutdown, and tests can wait for them instead of guessing how long mail takes.
 */
export interface AfterAnswer {
  /** Runs `task` without holding the answer; a failure is logged under `failure`, never thrown. */
  run(task: () => Promise<unknown>, failure: { message: string; level: "warn" | "error"; fields?: Record<string, unknown> }): void;
  /** Resolves once every task started so far, and every task those started, has ended. */
  settled(): Promise<void>;
}

/** `logger` is read when a task fails, so a logger swapped on the context later is the one used. */
export function createAfterAnswer(logger: () => Logger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(task, failure) {
      const running: Promise<void> = task().then(
        () => undefined,
        (error: unknown) => logger()[failure.level](failure.message, { ...failure.fields, error: error instanceof Error ? error.message : String(error) }),
      );
      pending.add(running);
      void running.finally(() => pending.delete(running));
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
