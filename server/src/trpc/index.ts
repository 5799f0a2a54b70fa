import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Hono } from "hono";
import { APIError, checkFetchSite, checkRequestOrigin, type Auth, type Logger } from "@gatehouse/auth-core";
import type { AppEnv } from "../app-env.js";
import { createContext, type SignInMethods } from "./context.js";
import { appRouter } from "./routers/_app.js";

export type { AppRouter } from "./routers/_app.js";

/**
 * Mounts tRPC at /api/trpc (fetch adapter; batching on). A mutation (POST) passes the same
 * browser checks as the auth service's own state-changing requests: a trusted Origin, and never
 * `Sec-Fetch-Site: cross-site`. An unexpected failure is logged through `logger` (default: the
 * one the auth service was given): its path and message, never its input.
 */
export function mountTRPC(app: Hono<AppEnv>, deps: { auth: Auth; signIn?: SignInMethods; logger?: Logger }): void {
  const logger = deps.logger ?? deps.auth.context.logger;
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
      onError: ({ error, path }) => {
        if (error.code !== "INTERNAL_SERVER_ERROR") return;
        const cause = error.cause instanceof Error ? error.cause : error;
        logger.error("tRPC procedure failed", { requestId: c.get("requestId"), path: path ?? null, error: cause.message });
      },
    });
  });
}
