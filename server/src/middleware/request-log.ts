import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "@gatehouse/auth-core";
import { REQUEST_LOG_MESSAGE } from "../logging.js";

/** What the request log puts in Hono's context for the handlers after it. */
export interface RequestLogVariables {
  requestId: string;
}

/**
 * One line per request: method, path, status, time and a request id, which the answer's
 * X-Request-Id, the error log and the security events of the request share. Never the query
 * string (reset and verification tokens travel there), headers or bodies.
 */
export function requestLog(logger: Logger): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async function logRequest(c, next) {
    const started = performance.now();
    const requestId = randomUUID();
    c.set("requestId", requestId);
    await next();
    c.res.headers.set("x-request-id", requestId);
    logger.info(REQUEST_LOG_MESSAGE, {
      requestId,
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

/** Path segments after a token-bearing route are replaced (GET /reset-password/{token}). */
export function redactPath(path: string): string {
  return path.replace(/(\/reset-password\/|\/magic-link\/)[^/]+/, "$1[redacted]");
}
