import { pino, type Logger as PinoLogger, type LevelWithSilent } from "pino";
import type { Logger } from "@gatehouse/auth-core";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export interface ServerLogger extends Logger {
  /** Writes what is buffered: on shutdown, before the process exits. */
  flush(): void;
}

/**
 * The server's structured log (issue 14), through pino: one JSON line per event on stdout,
 * written asynchronously (sonic-boom), so a request never waits on the terminal or the log
 * shipper. On a terminal in development: pino-pretty's readable lines instead. Levels from
 * LOG_LEVEL.
 * Callers never pass tokens, passwords, cookies or bodies (auth-core's Logger contract).
 */
export function createServerLogger(options: { pretty: boolean; level: LevelWithSilent }): ServerLogger {
  const base: pino.LoggerOptions = {
    level: options.level,
    base: null,
    messageKey: "message",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  const log: PinoLogger = options.pretty
    ? pino({ ...base, transport: { target: "pino-pretty", options: { messageKey: "message", translateTime: "SYS:HH:MM:ss.l" } } })
    : pino(base, pino.destination({ dest: 1, sync: false }));
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
    flush: () => log.flush(),
  };
}
