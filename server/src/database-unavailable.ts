import { APIError } from "@gatehouse/auth-core";

/** Network errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * PostgreSQL SQLSTATEs of a server that is going or gone: class 08 (connection exception),
 * 57P01–57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** pg's own wording for a connection it gave up on (no code attached). */
const PG_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|connection error|Client was closed|Connection refused/i;

/** Whether an error says the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return PG_MESSAGES.test(error.message);
}

/** Seconds a client is told to wait before trying again. */
const RETRY_AFTER_SECONDS = "5";

/** The answer while the database is down: 503, a JSON error, and when to retry. */
export function databaseUnavailableError(): APIError {
  return APIError.from(503, "DATABASE_UNAVAILABLE", { headers: { "retry-after": RETRY_AFTER_SECONDS } });
}
