import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Hono } from "hono";
import { APIError, checkFetchSite, checkRequestOrigin, type Auth } from "@gatehouse/auth-core";
import type { AppEnv } from "../app-env.js";
import { createContext, type SignInMethods } from "./context.js";
import { appRouter } from "./routers/_app.js";

export type { AppRouter } from "./routers/_app.js";

/**
 * Mounts tRPC at /api/trpc (fetch adapter; batching on). A mutation (POST) passes the same
 * browser checks as the auth service's own state-changing requests: a trusted Origin, and never
 * `Sec-Fetch-Site: cross-site`.
 */
export function mountTRPC(app: Hono<AppEnv>, deps: { auth: Auth; signIn?: SignInMethods }): void {
  app.all("/api/trpc/*", async (c) => {
    try {
      checkFetchSite(c.req.raw);
      checkRequestOrigin(c.req.raw, deps.auth.context.options.trustedOrigins);
    } catch (error) {
      if (error instanceof APIError) return Response.json(error.toJSON(), { status: error.status });
      throw error;
    }
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: appRouter,
      createContext: () =>
        createContext(deps.auth, c.req.raw, {
          clientAddress: c.env?.incoming?.socket?.remoteAddress ?? null,
          requestId: c.get("requestId"),
          signIn: deps.signIn,
        }),
    });
  });
}
