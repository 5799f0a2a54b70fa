#!/usr/bin/env node
// The Gatehouse server as main.ts wires it (the app, tRPC, the reports, the built SPA), for the
// benchmark: started by run.mjs with the environment of the run contract. Differences from
// main.ts: sign-up's verification mail goes nowhere (the benchmark measures auth, not mail
// delivery), and no development identity provider or providers.
import { migrateToLatest } from "@gatehouse/migrations";
import { createServerApp, createServerAuth, createServerLogger, listen, mountReports, mountTRPC, openDatabase, readConfig } from "@gatehouse/server";

const config = readConfig(process.env);
// Logging exactly as in production: every request logged as JSON on stdout (run.mjs drains it).
const logger = createServerLogger({ level: config.logLevel, pretty: false });
const database = openDatabase(config.databaseURL, { logger, poolSize: config.databasePoolSize, namedStatements: config.databaseNamedStatements });
await migrateToLatest(database.db);
const auth = createServerAuth({
  config,
  db: database.db,
  lookups: database.lookups,
  dialect: database.dialect,
  secret: config.authSecret ?? "bench-secret-bench-secret-bench-secret",
  mailer: { send: async () => undefined },
  logger,
});
const served = createServerApp({
  auth,
  logger,
  // The built SPA, served as in production (precompressed assets), for the first-load figure.
  webDist: new URL("../../web/dist", import.meta.url).pathname,
  mount: (a) => {
    mountTRPC(a, { auth });
    mountReports(a, { auth });
  },
  https: config.baseURL.startsWith("https:"),
  trustedProxy: config.trustProxy,
});
const server = listen(served.fetch, config.port, (info) => logger.info("bench server listening", { port: info.port }));
// The scale bench (scale.mjs) runs the expiry sweep beside its load: SIGUSR2 runs it once, as
// main.ts's timer does, and prints what it removed and how long it took.
process.on("SIGUSR2", () => {
  const started = performance.now();
  void auth.deleteExpired().then(
    (removed) => process.stdout.write(`sweep done ${JSON.stringify({ ...removed, ms: Math.round(performance.now() - started) })}\n`),
    (error) => process.stdout.write(`sweep failed ${JSON.stringify(String(error))}\n`),
  );
});
process.on("SIGTERM", () => {
  server.close();
  void auth
    .settled()
    .then(() => database.destroy())
    .finally(() => logger.end().then(() => process.exit(0)));
});
