import type { MiddlewareHandler } from "hono";
import type { Logger } from "@gatehouse/auth-core";
import { REQUEST_LOG_MESSAGE, type RequestLineWriter } from "../logging.js";
import type { RequestIds } from "./request-id.js";

/** What the request log puts in Hono's context for the handlers after it. */
export interface RequestLogVariables {
  requestId: string;
}

/**
 * One line per request: method, path, status, time and a request id, which the answer's
 * X-Request-Id, the error log and the security events of the request share. Never the query
 * string (reset and verification tokens travel there), headers or bodies. The line goes to the
 * logger as it is; the server's logger writes it asynchronously (logging.ts).
 */
export function requestLog(logger: Logger, ids: RequestIds): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async function logRequest(c, next) {
    const started = performance.now();
    const requestId = ids.next(ids.trustIncoming ? c.req.header("x-request-id") : undefined);
    c.set("requestId", requestId);
    await next();
    const res = c.res;
    res.headers.set("x-request-id", requestId);
    logRequestLine(logger, requestId, c.req.method, c.req.path, res.status, started);
  };
}

/** A logger that writes request lines itself (the server's, logging.ts) or any other Logger. */
type RequestLogger = Logger & { requestLine?: RequestLineWriter };

/** The request's log line; `started` is its performance.now() at arrival. */
export function logRequestLine(logger: RequestLogger, requestId: string, method: string, path: string, status: number, started: number): void {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (logger.requestLine) logger.requestLine(requestId, method, redactPath(path), status, ms);
  else logger.info(REQUEST_LOG_MESSAGE, { requestId, method, path: redactPath(path), status, ms });
}

const TOKEN_SEGMENT = /(\/reset-password\/|\/magic-link\/)[^/]+/;

/** Path segments after a token-bearing route are replaced (GET /reset-password/{token}). */
export function redactPath(path: string): string {
  return path.includes("/reset-password/") || path.includes("/magic-link/") ? path.replace(TOKEN_SEGMENT, "$1[redacted]") : path;
}
