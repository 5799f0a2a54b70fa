#!/usr/bin/env node
// The real Gatehouse app plus the benchmark's two baselines, in one process:
//   GET /bench/bare   constant JSON from a bare Hono route: the ceiling of this stack;
//   GET /bench/floor  one prepared SELECT of a session joined to its user, found by the hash of
//                     the cookie's token: the least real work a get-session can do.
// Started by run.mjs with the environment of the run contract (DATABASE_URL must be a file).
import { createHash } from "node:crypto";
import { serve } from "@hono/node-server";
import SQLite from "better-sqlite3";
import { migrateToLatest } from "@gatehouse/migrations";
import { createApp, createServerAuth, createServerLogger, openDatabase, readConfig } from "@gatehouse/server";

const config = readConfig(process.env);
// Logging exactly as in production: every request logged as JSON on stdout (run.mjs reads it).
const logger = createServerLogger({ level: config.logLevel, pretty: false });
const database = openDatabase(config.databaseURL);
await migrateToLatest(database.db);
const auth = createServerAuth({
  config,
  db: database.db,
  dialect: database.dialect,
  secret: config.authSecret ?? "bench-secret-bench-secret-bench-secret",
  // Sign-up sends a verification mail; the benchmark measures auth, not mail delivery.
  mailer: { send: async () => undefined },
  logger,
  google: null,
});

const raw = new SQLite(config.databaseURL.replace(/^file:/, ""), { readonly: true });
const floorQuery = raw.prepare(
  `select s.id, s.userId, s.expiresAt, s.createdAt, s.updatedAt, s.ipAddress, s.userAgent,
          u.id as uid, u.name, u.email, u.emailVerified, u.image, u.createdAt as uCreatedAt
     from session s join "user" u on u.id = s.userId where s.tokenHash = ?`,
);

const app = createApp({
  auth,
  logger,
  // The built SPA, served as in production (precompressed assets), for the first-load figure.
  webDist: new URL("../../web/dist", import.meta.url).pathname,
  mount: (a) => {
    a.get("/bench/bare", (c) => c.json({ ok: true }));
    a.get("/bench/floor", (c) => {
      const cookie = c.req.header("cookie") ?? "";
      const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
      const row = floorQuery.get(createHash("sha256").update(token).digest("base64url"));
      return c.json(row ?? null);
    });
  },
});
serve({ fetch: app.fetch, port: config.port }, (info) => logger.info("bench server listening", { port: info.port }));
process.on("SIGTERM", () => process.exit(0));
