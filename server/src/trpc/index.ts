import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Hono } from "hono";
import type { Auth } from "@gatehouse/auth-core";
import type { AppEnv } from "../app.js";
import { createContext } from "./context.js";
import { appRouter } from "./routers/_app.js";

export type { AppRouter } from "./routers/_app.js";

/** Mounts tRPC at /api/trpc (fetch adapter; batching on). */
export function mountTRPC(app: Hono<AppEnv>, deps: { auth: Auth }): void {
  app.all("/api/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: appRouter,
      createContext: () => createContext(deps.auth, c.req.raw),
    }),
  );
}
