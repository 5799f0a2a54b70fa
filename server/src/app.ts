import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { APIError, type Auth, type Logger } from "@gatehouse/auth-core";
import { databaseUnavailableError, isDatabaseUnavailable } from "./database-unavailable.js";
import { errorBody } from "./error-body.js";
import { redactPath, requestLog } from "./middleware/request-log.js";
import type { AppEnv } from "./app-env.js";
import { createRequestIds } from "./middleware/request-id.js";
import { apiSecurityHeaders, isAPIPath, securityHeaders } from "./middleware/security-headers.js";
import { mountAPIReference } from "./api-reference.js";
import { createAuthAPIRoute, pathOf, type NodeBindings } from "./auth-route.js";
import { renderShell, type ShellConfig } from "./spa-shell.js";

export interface AppDeps {
  auth: Auth;
  logger: Logger;
  /** The built SPA (web/dist); omitted in API-only tests. */
  webDist?: string;
  /** The brand and ways in written into the SPA's index.html (spa-shell.ts); without it the file is served as built. */
  shell?: ShellConfig;
  /** Extra routes mounted before the SPA (tRPC, health). */
  mount?: (app: Hono<AppEnv>) => void;
  /** The readiness check behind /healthz: whether the database answers now. */
  databaseReachable?: () => Promise<boolean>;
  /** Served over https (BASE_URL): turns on HSTS. */
  https?: boolean;
  /** Behind a trusted proxy (TRUSTED_PROXY=on): a well-formed X-Request-Id it sends is kept. */
  trustedProxy?: boolean;
}

/**
 * Vite names assets by content hash, so they are cached for a year; the HTML shell is
 * revalidated on every load so a deploy is picked up at once.
 */
function spaCacheHeaders(): MiddlewareHandler<AppEnv> {
  return async function setCacheHeaders(c, next) {
    await next();
    if (c.res.status !== 200) return;
    if (c.req.path.startsWith("/assets/")) c.res.headers.set("cache-control", "public, max-age=31536000, immutable");
    else if (c.res.headers.get("content-type")?.startsWith("text/html")) c.res.headers.set("cache-control", "no-cache");
  };
}

/** What serve() is given: a fetch handler (@hono/node-server's bindings beside the request). */
export type ServerFetch = (request: Request, env?: NodeBindings) => Response | Promise<Response>;

export interface ServerApp {
  app: Hono<AppEnv>;
  /**
   * The server's fetch handler, for serve(): an auth API call goes straight to its route (the
   * answer auth-core had at once is written at once, without Hono's context and middleware
   * chain, which that route does not use); everything else to the app.
   */
  fetch: ServerFetch;
}

/** The Hono app: /api/auth/* to auth-core, then tRPC, then the SPA. No side effects. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  return createServerApp(deps).app;
}

/** The app and the fetch handler a server gives serve() (main.ts, the benchmark). */
export function createServerApp(deps: AppDeps): ServerApp {
  const app = new Hono<AppEnv>();
  const https = deps.https ?? false;
  const ids = createRequestIds({ trustIncoming: deps.trustedProxy ?? false });
  const authAPI = createAuthAPIRoute({ auth: deps.auth, logger: deps.logger, ids, apiHeaders: apiSecurityHeaders({ https }) });
  // The auth API first: its route writes its own request id, headers and log line (auth-route.ts),
  // so it answers without the middleware below; its pages go on to them.
  // PUT, PATCH and DELETE are SCIM's (/api/auth/scim/v2/…).
  app.on(["GET", "POST", "PUT", "PATCH", "DELETE"], "/api/auth/*", (c, next) => {
    const path = c.req.path;
    return isAPIPath(path) ? authAPI.answer(c.req.raw, c.env, path) : next();
  });
  app.use("*", requestLog(deps.logger, ids));
  app.use("*", securityHeaders({ https }));

  mountAPIReference(app);
  // The auth service's pages (its error page): the middleware above gives them the page headers.
  app.on(["GET", "POST"], "/api/auth/*", (c) =>
    deps.auth.handler(c.req.raw, { clientAddress: c.env?.incoming?.socket?.remoteAddress ?? null, requestId: c.get("requestId") }),
  );
  // RFC 8414 §3: the metadata of an issuer with a path (BASE_URL/api/auth) is at the origin's
  // /.well-known/oauth-authorization-server followed by that path; auth-core answers it under its own.
  app.get("/.well-known/oauth-authorization-server/api/auth", (c) => {
    const url = new URL(c.req.url);
    url.pathname = "/api/auth/.well-known/oauth-authorization-server";
    const clientAddress = c.env?.incoming?.socket?.remoteAddress ?? null;
    return deps.auth.handler(new Request(url, { headers: c.req.raw.headers }), { clientAddress, requestId: c.get("requestId") });
  });
  // Readiness for a load balancer: 503 while the database is unreachable, so traffic goes
  // elsewhere; the process itself stays up and recovers when the database returns.
  app.get("/healthz", async (c) => {
    const reachable = (await deps.databaseReachable?.()) ?? true;
    if (reachable) return c.json({ ok: true, database: "reachable" });
    return c.json({ ok: false, database: "unreachable" }, 503);
  });
  deps.mount?.(app);
  app.all("/api/*", (c) => c.json(errorBody(APIError.from(404, "NOT_FOUND"), c.req.raw.headers), 404));

  if (deps.webDist && existsSync(deps.webDist)) {
    const root = resolve(deps.webDist);
    app.use("*", spaCacheHeaders());
    const index = resolve(root, "index.html");
    // The HTML shell with the team's brand and the ways in (spa-shell.ts), rendered once; as built without them.
    const shell = deps.shell && existsSync(index) ? renderShell(readFileSync(index, "utf8"), deps.shell) : null;
    const serveIndex: MiddlewareHandler<AppEnv> = shell
      ? (c) => Promise.resolve(c.html(shell))
      : serveStatic({ root, path: "index.html", precompressed: true });
    if (shell) {
      app.get("/", serveIndex);
      app.get("/index.html", serveIndex);
    }
    // The build's brotli and gzip copies, by Accept-Encoding (web/build/precompress.ts).
    app.use("/*", serveStatic({ root, precompressed: true }));
    // A missing asset (an old hash, a .map that is not built) is a 404, not the app's HTML.
    app.get("/assets/*", (c) => c.text("Not found", 404));
    app.get("*", serveIndex);
  }

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error) || (error instanceof APIError && error.status === 503)) {
      const unavailable = databaseUnavailableError();
      return c.json(errorBody(unavailable, c.req.raw.headers), 503, unavailable.headers);
    }
    deps.logger.error("unhandled error", { requestId: c.get("requestId"), path: redactPath(c.req.path), error: error.message });
    return c.json(errorBody(APIError.from(500, "INTERNAL_SERVER_ERROR"), c.req.raw.headers), 500);
  });

  return {
    app,
    fetch: function serverFetch(request, env) {
      const path = pathOf(request.url);
      return authAPI.takes(request.method, path) ? authAPI.answer(request, env, path) : app.fetch(request, env);
    },
  };
}
