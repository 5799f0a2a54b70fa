import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { APIError, checkFetchSite, checkRequestOrigin, type Auth, type Logger } from "@gatehouse/auth-core";
import { MAX_TRPC_BATCH_SIZE } from "../shared/trpc-batch.js";
import { createProduct, type Product } from "../product/index.js";
import type { AppEnv } from "../app-env.js";
import { createContext, type SignInMethods } from "./context.js";
import { withRequestHeaders } from "./trpc-error.js";
import { errorBody } from "../error-body.js";
import { appRouter } from "./routers/_app.js";

export type { AppRouter } from "./routers/_app.js";

/** The request body cap: auth-core's own router's (1 MiB), with its 413 PAYLOAD_TOO_LARGE answer. */
const MAX_TRPC_BODY_BYTES = 1024 * 1024;

/**
 * Mounts tRPC at /api/trpc (fetch adapter; batches of at most MAX_TRPC_BATCH_SIZE calls, bodies
 * of at most 1 MiB). A mutation (POST) passes the same browser checks as the auth service's own
 * state-changing requests: a trusted Origin, and never `Sec-Fetch-Site: cross-site`. An
 * unexpected failure is logged through `logger` (default: the one the auth service was given):
 * its path and message, never its input. The procedures reach the product through `product`
 * (default: built over the auth service's database).
 */
export function mountTRPC(app: Hono<AppEnv>, deps: { auth: Auth; product?: Product; signIn?: SignInMethods; logger?: Logger }): void {
  const logger = deps.logger ?? deps.auth.context.logger;
  const product = deps.product ?? createProduct(deps.auth);
  app.use(
    "/api/trpc/*",
    bodyLimit({
      maxSize: MAX_TRPC_BODY_BYTES,
      onError: (c) => {
        const error = APIError.from(413, "PAYLOAD_TOO_LARGE");
        return Response.json(errorBody(error, c.req.raw.headers), { status: error.status });
      },
    }),
  );
  app.all("/api/trpc/*", async (c) => {
    try {
      checkFetchSite(c.req.raw);
      checkRequestOrigin(c.req.raw, deps.auth.context.options.trustedOrigins);
    } catch (error) {
      if (error instanceof APIError) return Response.json(errorBody(error, c.req.raw.headers), { status: error.status });
      throw error;
    }
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH_SIZE,
      createContext: () =>
        createContext({ auth: deps.auth, product }, c.req.raw, {
          clientAddress: c.env?.incoming?.socket?.remoteAddress ?? null,
          requestId: c.get("requestId"),
          signIn: deps.signIn,
        }).catch((error: unknown) => {
          // No context, so the error formatter learns the request's language from the error.
          throw withRequestHeaders(error, c.req.raw.headers);
        }),
      onError: ({ error, path }) => {
        if (error.code !== "INTERNAL_SERVER_ERROR") return;
        const cause = error.cause instanceof Error ? error.cause : error;
        logger.error("tRPC procedure failed", { requestId: c.get("requestId"), path: path ?? null, error: cause.message });
      },
    });
  });
}
