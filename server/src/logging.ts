import { pino, type Logger as PinoLogger, type LevelWithSilent } from "pino";
import type { Logger } from "@gatehouse/auth-core";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export interface ServerLogger extends Logger {
  /** Writes what is buffered and resolves once it is written: on shutdown, before the process exits. */
  flush(): Promise<void>;
}

/** The request log's message: its lines (one per request) are the ones written in batches. */
export const REQUEST_LOG_MESSAGE = "request";
/** Lines gather up to this many bytes before one write (a write per request line cost ~6 µs). */
const BATCH_BYTES = 4096;
/** ...and wait no longer than this, so a quiet server's lines still appear promptly. */
const FLUSH_EVERY_MS = 100;

let stampedAt = Number.NaN;
let stamp = "";
/**
 * pino's isoTime (`,"time":"<ISO 8601>"`), formatted once per millisecond rather than once per
 * line: under load many request lines share a millisecond.
 */
function isoTimeOncePerMillisecond(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

/**
 * The server's structured log (issue 14), through pino: one JSON line per event on stdout,
 * written asynchronously (sonic-boom), so a request never waits on the terminal or the log
 * shipper. The request log's lines are written in batches of about 4 KB or every 100 ms; every
 * other line (start, outages, shutdown, warnings, errors) goes out at once, with what is
 * buffered before it, and the buffer is flushed when the process exits. On a
 * terminal in development: pino-pretty's readable lines instead. Levels from LOG_LEVEL.
 * Callers never pass tokens, passwords, cookies or bodies (auth-core's Logger contract).
 */
export function createServerLogger(options: { pretty: boolean; level: LevelWithSilent }): ServerLogger {
  const base: pino.LoggerOptions = {
    level: options.level,
    base: null,
    messageKey: "message",
    timestamp: isoTimeOncePerMillisecond,
    formatters: { level: (label) => ({ level: label }) },
  };
  const destination = options.pretty ? null : pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS });
  const log: PinoLogger = destination
    ? pino(base, destination)
    : pino({ ...base, transport: { target: "pino-pretty", options: { messageKey: "message", translateTime: "SYS:HH:MM:ss.l" } } });
  // Without a callback: starts the write of what is buffered, nothing more.
  const writeNow = (): void => destination?.flush();
  return {
    info: (message, fields) => {
      log.info(fields ?? {}, message);
      if (message !== REQUEST_LOG_MESSAGE) writeNow();
    },
    warn: (message, fields) => {
      log.warn(fields ?? {}, message);
      writeNow();
    },
    error: (message, fields) => {
      log.error(fields ?? {}, message);
      writeNow();
    },
    flush: () => new Promise<void>((resolve) => log.flush(() => resolve())),
  };
}
