import type { MiddlewareHandler } from "hono";
import type { Logger } from "@gatehouse/auth-core";

/**
 * One line per request: method, path, status, time. Never the query string (reset and
 * verification tokens travel there), headers or bodies.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async function logRequest(c, next) {
    const started = performance.now();
    await next();
    logger.info("request", {
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
