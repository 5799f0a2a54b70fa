import { fileURLToPath } from "node:url";
import { listen } from "./listen.js";
import { migrateToLatest } from "@gatehouse/migrations";
import { preloadCommonPasswords } from "@gatehouse/auth-core";
import { createServerApp } from "./app.js";
import { shellConfigOf, signInMethodsOf } from "./spa-shell.js";
import { createServerAuth } from "./auth.js";
import { openDatabase } from "./database.js";
import { startDevIdentityProvider, type DevIdentityProvider } from "./dev-idp/index.js";
import { readConfig } from "./env.js";
import { devIdpStandInIds, resolveServerProviders, standInFor } from "./providers/server-providers.js";
import { createServerLogger } from "./logging.js";
import { createServerMailer } from "./mail/index.js";
import { resolveAuthSecret } from "./secret.js";
import { mountTRPC } from "./trpc/index.js";
import { mountReports } from "./reports/events-csv.js";

const config = readConfig(process.env);
// Readable lines for a person at a terminal in development; JSON everywhere else.
const logger = createServerLogger({ level: config.logLevel, pretty: !config.production && process.stdout.isTTY === true });
const database = openDatabase(config.databaseURL, { logger, poolSize: config.databasePoolSize, namedStatements: config.databaseNamedStatements });
const applied = await migrateToLatest(database.db);
if (applied.length > 0) logger.info("migrations applied", { applied });

for (const warning of config.providerWarnings) logger.warn(warning);
const standInIds = devIdpStandInIds(config);
let devIdp: DevIdentityProvider | null = null;
if (standInIds.length > 0) {
  devIdp = await startDevIdentityProvider({
    port: config.devIdpPort,
    standInFor: standInIds.map((id) => standInFor(id, config.baseURL)),
    logger,
    dataDir: config.dataDir,
  });
  if (devIdp) {
    const googleWithoutCredentials = standInIds.includes("google") && !config.socialProviders.some((p) => p.id === "google");
    if (googleWithoutCredentials) logger.info("no Google credentials: Google sign-in uses the development identity provider", { issuer: devIdp.issuer });
    const others = standInIds.filter((id) => id !== "google" || !googleWithoutCredentials);
    if (others.length > 0)
      logger.info("DEV_IDP_PROVIDERS: the development identity provider stands in for these providers", { providers: others, issuer: devIdp.issuer });
  }
}
const providers = resolveServerProviders(config, devIdp ? { client: devIdp, ids: standInIds } : null);

const auth = createServerAuth({
  config,
  db: database.db,
  lookups: database.lookups,
  dialect: database.dialect,
  secret: resolveAuthSecret(config.authSecret, config.dataDir),
  mailer: createServerMailer(config, logger),
  logger,
  providers,
});

const served = createServerApp({
  auth,
  logger,
  webDist: fileURLToPath(new URL("../../web/dist", import.meta.url)),
  shell: shellConfigOf(config),
  mount: (a) => {
    mountTRPC(a, { auth, signIn: signInMethodsOf(config) });
    mountReports(a, { auth });
  },
  databaseReachable: () => database.ping(),
  https: config.baseURL.startsWith("https:"),
  trustedProxy: config.trustProxy,
});

const server = listen(served.fetch, config.port, (info) => {
  logger.info("gatehouse listening", { url: config.baseURL, port: info.port, database: database.dialect });
  // The common-password list (3.3 MB) is read off the event loop now, not by the first sign-up.
  preloadCommonPasswords().catch((error: unknown) => logger.error("common-password list not read", { error: String(error) }));
});

const sweep = setInterval(
  () => {
    auth.deleteExpired().catch((error: unknown) => logger.error("expiry sweep failed", { error: String(error) }));
  },
  10 * 60 * 1000,
);
sweep.unref();

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  clearInterval(sweep);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // Stop accepting; in-flight requests finish, then the mails they started (within the 10 s
  // above); then close the database and the dev provider.
  server.close(async () => {
    await auth.settled();
    await devIdp?.close();
    await database.destroy();
    logger.info("stopped");
    // Every request line buffered by the asynchronous log is written before the process ends.
    await logger.end();
    process.exit(0);
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
