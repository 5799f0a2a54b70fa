import type { APIError } from "../errors.js";

/** No headers of the caller's own. */
export const NO_HEADERS: Readonly<Record<string, string>> = {};

/**
 * A JSON answer; `no-store` because answers carry tokens and session data. The headers stay a
 * plain object: servers such as @hono/node-server write those without building a Headers
 * object. `base` are the caller's headers for every answer (a server's security headers and
 * request id), `extra` the answer's own. The object is filled key by key: V8's spread
 * (`{ ...a, ...b }`) of these header objects takes its generic path and was many times slower
 * (docs/performance/runs-2026-11.md, "What changed", 3).
 */
export function jsonResponse(data: unknown, status: number, base: Readonly<Record<string, string>>, extra?: Readonly<Record<string, string>>): Response {
  const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store" };
  for (const name in base) headers[name] = base[name]!;
  if (extra) for (const name in extra) headers[name] = extra[name]!;
  return new Response(JSON.stringify(data ?? null), { status, headers });
}

export function errorResponse(error: APIError, base: Readonly<Record<string, string>>): Response {
  return jsonResponse(error.toJSON(), error.status, base, error.headers);
}
