/** @gatehouse/server as a library: the pieces main.ts wires, for tools such as the benchmark. */
export { createApp, createServerApp, type AppDeps, type ServerApp, type ServerFetch } from "./app.js";
export type { AppEnv } from "./app-env.js";
export { createServerAuth, type ServerAuthDeps } from "./auth.js";
export { openDatabase, type ServerDatabase } from "./database.js";
export { readConfig, type ServerConfig } from "./env.js";
export { resolveAuthSecret } from "./secret.js";
export { createServerLogger, type ServerLogger } from "./logging.js";
export { listen } from "./listen.js";
export { mountTRPC, type AppRouter } from "./trpc/index.js";
export { mountReports } from "./reports/events-csv.js";
// The product over auth-core; test harnesses give createTestAuth the plans' seat-limit hook, as createServerAuth does.
export { createProduct, type Product } from "./product/index.js";
export { planSeatLimit } from "./product/plans/seats.js";
// Named by the web app's inferred tRPC hook types (it imports AppRouter as a type only).
export type { SignInMethods, TRPCContext } from "./trpc/context.js";
export type { ShellConfig } from "./spa-shell.js";
export type { SessionView } from "./trpc/routers/_app.js";
export type { EnabledProvider } from "./providers/enabled-providers.js";
