import { writeSync, writevSync } from "node:fs";

/** Where the server's log lines go: pino writes whole lines to it; the logger flushes and ends it. */
export interface LineSink {
  write(line: string): boolean;
  /** Starts the write of what is gathered (a line that should not wait for the batch). */
  flush(): void;
  /** Writes everything and resolves once the last byte is out; lines after it are written at once. */
  end(): Promise<void>;
}

/** Lines gather up to this many bytes before one write (a write per line cost about 6 µs). */
const BATCH_BYTES = 4096;
/** ...and wait no longer than this, so a quiet server's lines still appear promptly. */
const FLUSH_EVERY_MS = 100;
/** How soon a full pipe is tried again. */
const RETRY_MS = 5;
/** At exit, how long a full pipe is waited for before what is left is given up. */
const EXIT_WAIT_MS = 10_000;

function isFullPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "EAGAIN";
}

/**
 * The log's stdout: whole lines gathered into batches of about 4 KB (or 100 ms), each written by
 * one non-blocking write(2) on the main thread, without a thread pool (sonic-boom's asynchronous
 * write cost two context switches a batch on a busy core, about 1 µs a request).
 *
 * A request never waits for the log's reader. Node opens a pipe or a socket on stdout
 * non-blocking when `process.stdout` is first read (below), so a write into a full pipe fails at
 * once (EAGAIN) or writes part of a batch; what it leaves is kept, in order, and tried again
 * every few milliseconds, later batches behind it. A file or a terminal is written as
 * `process.stdout` writes them (synchronously).
 *
 * No line is lost when the process ends: end() (a shutdown) resolves once everything is out, and
 * on `exit` (process.exit, a crash) what is left is written synchronously, waiting up to 10 s for
 * a full pipe to drain. A reader that is gone (EPIPE) takes nothing more.
 */
export function createStdoutSink(): LineSink {
  const fd = 1;
  // For its side effect: a pipe or socket on stdout is opened non-blocking (libuv).
  void process.stdout.writable;
  let lines: string[] = [];
  let size = 0;
  /** Bytes a full pipe refused, oldest first: everything after them waits behind them. */
  let refused: Buffer[] = [];
  let retry: NodeJS.Timeout | null = null;
  let broken = false;
  let ended = false;
  let drained: (() => void)[] = [];

  /** Writes what is refused as far as the pipe takes it; whether all of it is out. */
  const writeRefused = (): boolean => {
    while (refused.length > 0 && !broken) {
      let written: number;
      try {
        written = refused.length === 1 ? writeSync(fd, refused[0]!) : writevSync(fd, refused);
      } catch (error) {
        if (isFullPipe(error)) return false;
        broken = true;
        break;
      }
      while (refused.length > 0 && written >= refused[0]!.length) written -= refused.shift()!.length;
      if (written > 0) refused[0] = refused[0]!.subarray(written);
    }
    refused = broken ? [] : refused;
    return true;
  };

  // Unreferenced, so the log never keeps a process alive; after end(), it does until it is out.
  const schedule = (): void => {
    retry = setTimeout(tryAgain, RETRY_MS);
    if (!ended) retry.unref();
  };
  const tryAgain = (): void => {
    retry = null;
    if (!writeRefused()) {
      schedule();
      return;
    }
    const waiting = drained;
    drained = [];
    for (const resolve of waiting) resolve();
  };

  /** One batch: written now unless bytes refused earlier are still waiting. */
  const writeBatch = (batch: string): void => {
    if (broken) return;
    if (refused.length === 0) {
      let written: number;
      try {
        written = writeSync(fd, batch);
      } catch (error) {
        if (!isFullPipe(error)) {
          broken = true;
          return;
        }
        written = 0;
      }
      if (written === Buffer.byteLength(batch)) return;
      refused.push(Buffer.from(batch).subarray(written));
    } else {
      refused.push(Buffer.from(batch));
    }
    if (!retry) schedule();
  };

  const drain = (): void => {
    if (lines.length === 0) return;
    const batch = lines.length === 1 ? lines[0]! : lines.join("");
    lines = [];
    size = 0;
    writeBatch(batch);
  };

  const tick = setInterval(drain, FLUSH_EVERY_MS).unref();

  process.once("exit", () => {
    drain();
    if (retry) clearTimeout(retry);
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const deadline = performance.now() + EXIT_WAIT_MS;
    while (!writeRefused() && performance.now() < deadline) Atomics.wait(pause, 0, 0, 1);
  });

  return {
    write(line) {
      lines.push(line);
      size += line.length;
      if (ended || size >= BATCH_BYTES) drain();
      return true;
    },
    flush: drain,
    end() {
      drain();
      ended = true;
      clearInterval(tick);
      if (refused.length === 0 || broken) return Promise.resolve();
      retry?.ref();
      return new Promise((resolve) => drained.push(resolve));
    },
  };
}
