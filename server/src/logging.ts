import { pino, type Logger as PinoLogger, type LevelWithSilent } from "pino";
import type { Logger } from "@gatehouse/auth-core";
import { createStdoutSink } from "./log-stdout.js";

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

/** The warning a stalled log reader costs: how many lines were dropped (log-stdout.ts). */
const DROPPED_LINES_MESSAGE = "log lines dropped: stdout was full";

/** Writes the request log's line of one request: its fields in the order they appear in the line. */
export type RequestLineWriter = (requestId: string, method: string, path: string, status: number, ms: number) => void;

/**
 * The request log's line as pino writes it with the options below (level label, time, the fields
 * in order, message), composed in one template instead of through pino's generic serializer,
 * which walked the fields key by key and was a large share of the server's own work on a
 * signed-out get-session (docs/performance/runs-2026-11.md, "What changed", 9). The strings
 * go through JSON.stringify, which escapes them as pino does for anything an HTTP request line
 * can hold (Latin-1 characters); `request-log-line.test` holds it to pino's own output byte for byte.
 */
export function formatRequestLine(time: string, requestId: string, method: string, path: string, status: number, ms: number): string {
  return `{"level":"info"${time},"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"message":"${REQUEST_LOG_MESSAGE}"}\n`;
}
/** pino's isoTime (`,"time":"<ISO 8601>"`), formatted once per millisecond, not once per line: under load many lines share one. */
let lastTime = Number.NaN;
let lastTimeField = "";
function isoTimeOncePerMillisecond(): string {
  const now = Date.now();
  if (now !== lastTime) {
    lastTime = now;
    lastTimeField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTimeField;
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
 * The server's structured log, through pino: one JSON line per event on stdout, written
 * without blocking (log-stdout.ts), so a request never waits on the log shipper. The request
 * log's lines are written in batches of about 4 KB or every 100 ms; every other line (start,
 * outages, shutdown, warnings, errors) goes out at once, with what is gathered before it, and
 * nothing is lost when the process ends. On a
 * terminal in development: pino-pretty's readable lines instead. Levels from LOG_LEVEL.
 * Callers never pass tokens, passwords, cookies or bodies (auth-core's Logger contract).
 */
export function createServerLogger(options: { pretty: boolean; level: LevelWithSilent }): ServerLogger {
  const base = pinoOptions(options.level);
  const destination = options.pretty
    ? null
    : createStdoutSink((dropped) => `{"level":"warn"${isoTimeOncePerMillisecond()},"dropped":${dropped},"message":"${DROPPED_LINES_MESSAGE}"}\n`);
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
