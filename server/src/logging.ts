import { writeSync } from "node:fs";
import { pino, type Logger as PinoLogger, type LevelWithSilent } from "pino";
import { oncePerInstant, type Logger } from "@gatehouse/auth-core";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export interface ServerLogger extends Logger {
  /** One request's line of the request log (the same line as `info(REQUEST_LOG_MESSAGE, fields)`). */
  requestLine: RequestLineWriter;
  /**
   * Writes everything buffered and closes the log, resolving once it is written: the last call
   * before the process exits on shutdown (nothing may be logged after it).
   */
  end(): Promise<void>;
}

/** The request log's message: its lines (one per request) are the ones written in batches. */
export const REQUEST_LOG_MESSAGE = "request";

/** Writes the request log's line of one request: its fields in the order they appear in the line. */
export type RequestLineWriter = (requestId: string, method: string, path: string, status: number, ms: number) => void;

/**
 * The request log's line as pino writes it with the options below (level label, time, the fields
 * in order, message), composed in one template instead of through pino's generic serializer,
 * which measured about a third of the server's own work on a signed-out get-session. The strings
 * go through JSON.stringify, which escapes them as pino does for anything an HTTP request line
 * can hold (Latin-1 characters); `request-log-line.test` holds it to pino's own output byte for byte.
 */
export function formatRequestLine(time: string, requestId: string, method: string, path: string, status: number, ms: number): string {
  return `{"level":"info"${time},"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"message":"${REQUEST_LOG_MESSAGE}"}\n`;
}
/** Lines gather up to this many bytes before one write (a write per request line cost ~6 µs). */
const BATCH_BYTES = 4096;
/** ...and wait no longer than this, so a quiet server's lines still appear promptly. */
const FLUSH_EVERY_MS = 100;

/** pino's isoTime (`,"time":"<ISO 8601>"`), formatted once per millisecond, not once per line. */
const timeFieldOf = oncePerInstant((now) => `,"time":"${new Date(now).toISOString()}"`);
function isoTimeOncePerMillisecond(): string {
  return timeFieldOf(Date.now());
}

/** pino's asynchronous stdout (sonic-boom) behind a batch of whole lines; what pino writes to. */
interface BatchedDestination {
  write(line: string): boolean;
  flush(): void;
  end(): Promise<void>;
}

/**
 * Lines gathered in an array and handed to pino's asynchronous stdout (sonic-boom) as one
 * string per ~4 KB batch, or every 100 ms. sonic-boom batches by itself (minLength), but it
 * appends each line to its pending string and measures that string's byte length on every
 * write, which flattens it: under load that was half of a request line's cost (measured 8 % of
 * a get-session's CPU). Lines still buffered when the process exits are handed over before
 * pino's own exit hook writes sonic-boom's buffer synchronously (this listener is registered
 * first, so it runs first); a normal shutdown awaits end(), which writes everything.
 */
function batchedStdout(): BatchedDestination {
  let lines: string[] = [];
  let size = 0;
  let stdout: ReturnType<typeof pino.destination> | null = null;
  // After end(): a late line (a request still finishing) is written at once, synchronously.
  let ended = false;
  const drain = (): void => {
    if (lines.length === 0 || !stdout || ended) return;
    const batch = lines.join("");
    lines = [];
    size = 0;
    stdout.write(batch);
  };
  process.once("exit", drain);
  stdout = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  const boom = stdout;
  // As sonic-boom's own periodicFlush: a flush() that comes while a write is in flight does
  // nothing, so what it left (below minLength) is written by the next tick.
  const tick = setInterval(() => {
    drain();
    boom.flush();
  }, FLUSH_EVERY_MS);
  tick.unref();
  return {
    write(line) {
      if (ended) {
        try {
          writeSync(1, line);
        } catch {
          // stdout is gone or full at exit: the line cannot be written, and logging must not throw.
        }
        return true;
      }
      lines.push(line);
      size += line.length;
      if (size >= BATCH_BYTES) drain();
      return true;
    },
    flush() {
      if (ended) return;
      drain();
      boom.flush();
    },
    end() {
      drain();
      ended = true;
      clearInterval(tick);
      // sonic-boom's end() writes everything, lines below its minLength included, then closes.
      return new Promise((resolve) => {
        boom.once("close", () => resolve());
        boom.end();
      });
    },
  };
}

/** pino's options for the server's log: the level's label, an ISO time, no pid or hostname, `message`. */
export function pinoOptions(level: LevelWithSilent): pino.LoggerOptions {
  return {
    level,
    base: null,
    messageKey: "message",
    timestamp: isoTimeOncePerMillisecond,
    formatters: { level: (label) => ({ level: label }) },
  };
}

/**
 * The server's structured log, through pino: one JSON line per event on stdout,
 * written asynchronously (sonic-boom), so a request never waits on the terminal or the log
 * shipper. The request log's lines are written in batches of about 4 KB or every 100 ms; every
 * other line (start, outages, shutdown, warnings, errors) goes out at once, with what is
 * buffered before it, and the buffer is flushed when the process exits. On a
 * terminal in development: pino-pretty's readable lines instead. Levels from LOG_LEVEL.
 * Callers never pass tokens, passwords, cookies or bodies (auth-core's Logger contract).
 */
export function createServerLogger(options: { pretty: boolean; level: LevelWithSilent }): ServerLogger {
  const base = pinoOptions(options.level);
  const destination = options.pretty ? null : batchedStdout();
  const log: PinoLogger = destination
    ? pino(base, destination)
    : pino({ ...base, transport: { target: "pino-pretty", options: { messageKey: "message", translateTime: "SYS:HH:MM:ss.l" } } });
  // Without a callback: starts the write of what is buffered, nothing more.
  const writeNow = (): void => destination?.flush();
  const requestLine: RequestLineWriter =
    destination && log.isLevelEnabled("info")
      ? (requestId, method, path, status, ms) => destination.write(formatRequestLine(isoTimeOncePerMillisecond(), requestId, method, path, status, ms))
      : (requestId, method, path, status, ms) => log.info({ requestId, method, path, status, ms }, REQUEST_LOG_MESSAGE);
  return {
    requestLine,
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
    end: () => (destination ? destination.end() : new Promise<void>((resolve) => log.flush(() => resolve()))),
  };
}
