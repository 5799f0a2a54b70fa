import { writeSync, writevSync } from "node:fs";

/** Where the server's log lines go: pino writes whole lines to it; the logger flushes and ends it. */
export interface LineSink {
  write(line: string): boolean;
  /** Starts the write of what is gathered (a line that should not wait for the batch). */
  flush(): void;
  /** Writes everything and resolves once the last byte is out; lines after it are written at once. */
  end(): Promise<void>;
}

/** Lines gather up to this many bytes before one write, not a system call per line (docs/performance/notes-from-code.md). */
const BATCH_BYTES = 4096;
/** ...and wait no longer than this, so a quiet server's lines still appear promptly. */
const FLUSH_EVERY_MS = 100;
/** How soon a full pipe is tried again. */
const RETRY_MS = 5;
/** At exit, how long a full pipe is waited for before what is left is given up. */
const EXIT_WAIT_MS = 10_000;
/** At most this much waits for a full pipe; later batches are dropped (and counted) until it drains. */
const MAX_WAITING_BYTES = 16 * 1024 * 1024;
/** Buffers per writev (Linux takes at most 1024). */
const MAX_WRITEV = 64;

function isFullPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "EAGAIN";
}

/**
 * The log's stdout: whole lines gathered into batches of about 4 KB (or 100 ms), each written by
 * one non-blocking write(2) on the main thread, without a thread pool (sonic-boom's asynchronous
 * write handed each batch to libuv's pool: two context switches a batch on the server's busy
 * core; docs/performance/runs-2026-11.md, 15:10Z, has the figures).
 *
 * A request never waits for the log's reader. Node opens a pipe or a socket on stdout
 * non-blocking when `process.stdout` is first read (below), so a write into a full pipe fails at
 * once (EAGAIN) or writes part of a batch; what it leaves is kept, in order, and tried again
 * every few milliseconds, later batches behind it. Up to 16 MiB waits: a reader stalled longer
 * loses the batches after that (a server that kept them all would run out of memory), and once
 * the pipe drains one line says how many lines were dropped (`noticeOfDropped`: the logger
 * writes it in its own format). A file or a terminal is
 * written as `process.stdout` writes them (synchronously).
 *
 * No line is lost when the process ends: end() (a shutdown) resolves once everything is out, and
 * on `exit` (process.exit, a crash) what is left, and the notice of what was dropped, are written
 * synchronously, waiting up to 10 s for a full pipe to drain. A reader that is gone (EPIPE) takes
 * nothing more.
 */
export function createStdoutSink(noticeOfDropped: (dropped: number) => string): LineSink {
  const fd = 1;
  // For its side effect: a pipe or socket on stdout is opened non-blocking (libuv).
  void process.stdout.writable;
  let lines: string[] = [];
  let size = 0;
  /** Bytes a full pipe refused, oldest first: everything after them waits behind them. */
  let refused: Buffer[] = [];
  let refusedBytes = 0;
  let dropped = 0;
  let retry: NodeJS.Timeout | null = null;
  let broken = false;
  let ended = false;
  let drained: (() => void)[] = [];

  /** One write: the bytes it took (0: the pipe is full), or null once the reader is gone (EPIPE and the like). */
  const attempt = (write: () => number): number | null => {
    try {
      return write();
    } catch (error) {
      if (isFullPipe(error)) return 0;
      broken = true;
      return null;
    }
  };

  /** Writes what is refused as far as the pipe takes it; whether all of it is out. */
  const writeRefused = (): boolean => {
    while (refused.length > 0 && !broken) {
      let written = attempt(() => (refused.length === 1 ? writeSync(fd, refused[0]!) : writevSync(fd, refused.slice(0, MAX_WRITEV))));
      if (written === null) break;
      if (written === 0) return false;
      refusedBytes -= written;
      while (refused.length > 0 && written >= refused[0]!.length) written -= refused.shift()!.length;
      if (written > 0) refused[0] = refused[0]!.subarray(written);
    }
    if (broken) {
      refused = [];
      refusedBytes = 0;
    }
    return true;
  };

  // Unreferenced, so the log never keeps a process alive; after end(), it does until it is out.
  const schedule = (): void => {
    retry = setTimeout(tryAgain, RETRY_MS);
    if (!ended) retry.unref();
  };
  const tryAgain = (): void => {
    retry = null;
    let out = writeRefused();
    // Once the pipe has taken everything kept, the count of what was dropped goes in behind it.
    if (out && dropped > 0) {
      keepNotice();
      out = writeRefused();
    }
    if (!out) {
      schedule();
      return;
    }
    const waiting = drained;
    drained = [];
    for (const resolve of waiting) resolve();
  };

  const keep = (bytes: Buffer): void => {
    refused.push(bytes);
    refusedBytes += bytes.length;
  };

  /** The notice of the lines dropped so far, kept behind what waits (it is never itself dropped). */
  const keepNotice = (): void => {
    keep(Buffer.from(noticeOfDropped(dropped)));
    dropped = 0;
  };

  /** One batch of `count` lines: written now unless bytes refused earlier are still waiting. */
  const writeBatch = (batch: string, count: number): void => {
    if (broken) return;
    if (refusedBytes > MAX_WAITING_BYTES) {
      dropped += count;
      return;
    }
    if (refused.length === 0) {
      const written = attempt(() => writeSync(fd, batch));
      if (written === null || written === Buffer.byteLength(batch)) return;
      keep(Buffer.from(batch).subarray(written));
    } else {
      keep(Buffer.from(batch));
    }
    if (!retry) schedule();
  };

  const drain = (): void => {
    if (lines.length === 0) return;
    const batch = lines.length === 1 ? lines[0]! : lines.join("");
    const count = lines.length;
    lines = [];
    size = 0;
    writeBatch(batch, count);
  };

  const tick = setInterval(drain, FLUSH_EVERY_MS).unref();

  process.once("exit", () => {
    drain();
    if (retry) clearTimeout(retry);
    // Behind what was kept, and written in the same wait: a reader slow to drain the pipe would
    // otherwise find it full again when the notice came, and the notice would be lost.
    if (dropped > 0 && !broken) keepNotice();
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
