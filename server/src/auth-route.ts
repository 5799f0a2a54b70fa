import type { Auth, Logger } from "@gatehouse/auth-core";
import type { RequestIds } from "./middleware/request-id.js";
import { logRequestLine } from "./middleware/request-log.js";
import { isAPIPath } from "./middleware/security-headers.js";

/** The methods of the auth API: GET and POST, and SCIM's PUT, PATCH and DELETE. */
const API_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** What @hono/node-server passes beside the request: the Node request, for the socket address. */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The auth service's API answers with the server's request id, security headers and log line. */
export interface AuthAPIRoute {
  /** Whether a request is an auth API call (GET or POST under /api/auth/, or SCIM's PUT, PATCH and DELETE; its HTML pages excepted). */
  takes(method: string, path: string): boolean;
  /** The answer: at once when auth-core had it at once (its fast path), else a promise of it. */
  answer(request: Request, env: NodeBindings | undefined, path: string): Response | Promise<Response>;
}

/** The path of an absolute request URL, without the query or fragment. */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  let end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (end === -1 || (hash !== -1 && hash < end)) end = hash;
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

/**
 * The one place the server writes the request id, the API security headers and the request
 * log's line of an auth API answer (every other route has them from the middleware in app.ts).
 * The request id and the headers go into the answer as auth-core builds it (one plain object,
 * no copy of the answer's headers); the line is written once the answer is ready. An answer
 * auth-core had at once goes back as it is, so the Node adapter writes it without waiting.
 */
export function createAuthAPIRoute(deps: { auth: Auth; logger: Logger; ids: RequestIds; apiHeaders: Readonly<Record<string, string>> }): AuthAPIRoute {
  const { auth, logger, ids, apiHeaders } = deps;
  return {
    takes: (method, path) => API_METHODS.has(method) && path.startsWith("/api/auth/") && isAPIPath(path),
    answer(request, env, path) {
      const started = performance.now();
      const requestId = ids.next(ids.trustIncoming ? (request.headers.get("x-request-id") ?? undefined) : undefined);
      // Filled key by key: a spread of these objects measured several times slower.
      const headers: Record<string, string> = {};
      for (const name in apiHeaders) headers[name] = apiHeaders[name]!;
      headers["x-request-id"] = requestId;
      const answer = auth.handler(request, { clientAddress: env?.incoming?.socket?.remoteAddress ?? null, requestId, headers });
      // The line follows the answer: at once for an answer auth-core had at once (no promise made for
      // it), else when it settles; the answer goes back as it came.
      if (answer instanceof Response) logRequestLine(logger, requestId, request.method, path, answer.status, started);
      else
        void answer.then(
          (response) => logRequestLine(logger, requestId, request.method, path, response.status, started),
          () => undefined,
        );
      return answer;
    },
  };
}
