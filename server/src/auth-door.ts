import type { Auth, Logger } from "@gatehouse/auth-core";
import type { RequestIds } from "./middleware/request-id.js";
import { logRequestLine } from "./middleware/request-log.js";
import { isAPIPath } from "./middleware/security-headers.js";

/** What @hono/node-server passes beside the request: the Node request, for the socket address. */
interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The path of an absolute request URL, without the query or fragment. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  let end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (end === -1 || (hash !== -1 && hash < end)) end = hash;
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

/**
 * The door for the auth service's API answers (GET and POST under /api/auth/, its HTML pages
 * excepted), in front of Hono: every API call of the app passes here, most of them get-session.
 * It does what the request-log and security-header middleware do for the other routes, with
 * less work: the request id and the API security headers go into the answer as auth-core builds
 * it (one plain object, no copy of the answer's headers), and the log line is written when the
 * answer is ready, without Hono's context and middleware chain for a route that needs neither.
 * An answer auth-core had at once (get-session on SQLite, or without a session) is handed to the
 * Node adapter as it is, which writes it without waiting on a promise. Anything else returns
 * undefined and goes through Hono.
 */
export function createAuthDoor(deps: {
  auth: Auth;
  logger: Logger;
  ids: RequestIds;
  apiHeaders: Readonly<Record<string, string>>;
}): (request: Request, env: NodeBindings | undefined) => Response | Promise<Response> | undefined {
  const { auth, logger, ids, apiHeaders } = deps;
  return (request, env) => {
    const method = request.method;
    if (method !== "GET" && method !== "POST") return undefined;
    const path = pathOf(request.url);
    if (!path.startsWith("/api/auth/") || !isAPIPath(path)) return undefined;
    const started = performance.now();
    const requestId = ids.next(ids.trustIncoming ? (request.headers.get("x-request-id") ?? undefined) : undefined);
    // Filled key by key: a spread of these objects measured several times slower.
    const headers: Record<string, string> = {};
    for (const name in apiHeaders) headers[name] = apiHeaders[name]!;
    headers["x-request-id"] = requestId;
    const answer = auth.respond(request, { clientAddress: env?.incoming?.socket?.remoteAddress ?? null, requestId, headers });
    if (!(answer instanceof Promise)) {
      logRequestLine(logger, requestId, method, path, answer.status, started);
      return answer;
    }
    return answer.then((response) => {
      logRequestLine(logger, requestId, method, path, response.status, started);
      return response;
    });
  };
}
