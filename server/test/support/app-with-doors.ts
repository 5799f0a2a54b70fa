import type { Hono } from "hono";
import { silentLogger, type Auth, type Logger } from "@gatehouse/auth-core";
import { createApp } from "../../src/app.js";
import type { Product } from "../../src/product/index.js";
import type { AppEnv } from "../../src/app-env.js";
import { mountReports } from "../../src/reports/events-csv.js";
import { mountTRPC } from "../../src/trpc/index.js";

/**
 * The server's app over a test auth service with the doors main.ts mounts beside /api/auth: tRPC
 * and the reports. `logger` receives tRPC's failure lines (silent unless a test reads them);
 * `product`, the product services both doors use (default: built over the auth service).
 */
export function createAppWithDoors(auth: Auth, options: { https?: boolean; logger?: Logger; product?: Product } = {}): Hono<AppEnv> {
  return createApp({
    auth,
    logger: silentLogger,
    https: options.https,
    mount: (app) => {
      mountTRPC(app, { auth, product: options.product, logger: options.logger });
      mountReports(app, { auth, product: options.product });
    },
  });
}
