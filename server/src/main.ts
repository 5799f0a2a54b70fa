import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { migrateToLatest } from "@gatehouse/migrations";
import { createApp } from "./app.js";
import { createServerAuth } from "./auth.js";
import { openDatabase } from "./database.js";
import { startDevIdentityProvider, type DevIdentityProvider } from "./dev-idp/index.js";
import { readConfig } from "./env.js";
import { createServerLogger } from "./logging.js";
import { createServerMailer } from "./mail/index.js";
import { resolveAuthSecret } from "./secret.js";
import { mountTRPC } from "./trpc/index.js";
import { mountReports } from "./reports/events-csv.js";

const config = readConfig(process.env);
// Readable lines for a person at a terminal in development; JSON everywhere else.
const logger = createServerLogger({ level: config.logLevel, pretty: !config.production && process.stdout.isTTY === true });
const database = openDatabase(config.databaseURL, { logger, poolSize: config.databasePoolSize });
const applied = await migrateToLatest(database.db);
if (applied.length > 0) logger.info("migrations applied", { applied });

let google = config.google;
let devIdp: DevIdentityProvider | null = null;
if (!google && !config.production) {
  devIdp = await startDevIdentityProvider({
    port: config.devIdpPort,
    redirectURI: `${config.baseURL}/api/auth/callback/google`,
    logger,
  });
  if (devIdp) {
    google = { clientId: devIdp.clientId, clientSecret: devIdp.clientSecret, issuer: devIdp.issuer };
    logger.info("no Google credentials: Google sign-in uses the development identity provider", { issuer: devIdp.issuer });
  }
}

const auth = createServerAuth({
  config,
  db: database.db,
  dialect: database.dialect,
  secret: resolveAuthSecret(config.authSecret, config.dataDir),
  mailer: createServerMailer(config, logger),
  logger,
  google,
});

const app = createApp({
  auth,
  logger,
  webDist: fileURLToPath(new URL("../../web/dist", import.meta.url)),
  mount: (a) => {
    mountTRPC(a, { auth });
    mountReports(a, { auth });
  },
  databaseReachable: () => database.ping(),
  https: config.baseURL.startsWith("https:"),
});

const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  logger.info("gatehouse listening", { url: config.baseURL, port: info.port, database: database.dialect });
});

const sweep = setInterval(() => {
  auth.deleteExpired().catch((error: unknown) => logger.error("expiry sweep failed", { error: String(error) }));
}, 10 * 60 * 1000);
sweep.unref();

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  clearInterval(sweep);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // Stop accepting; in-flight requests finish; then close the database and the dev provider.
  server.close(async () => {
    await devIdp?.close();
    await database.destroy();
    logger.info("stopped");
    logger.flush();
    process.exit(0);
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
