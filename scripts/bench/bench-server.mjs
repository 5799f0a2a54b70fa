#!/usr/bin/env node
// The real Gatehouse app plus the benchmark's two baselines, in one process:
//   GET /bench/bare   constant JSON from a bare Hono route: the ceiling of this stack;
//   GET /bench/floor  one prepared SELECT of a session joined to its user, found by the hash of
//                     the cookie's token, answered with get-session's own JSON and headers
//                     (set-auth-jwt included): the least real work a get-session can do.
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
  `select s.id, s.userId, s.expiresAt, s.createdAt, s.updatedAt, s.ipAddress, s.userAgent, s.activeOrganizationId, s.activeTeamId, s.impersonatedBy,
          u.id as uid, u.name, u.email, u.emailVerified, u.image, u.isAnonymous, u.role, u.banned, u.banReason, u.banExpires,
          u.createdAt as uCreatedAt, u.updatedAt as uUpdatedAt
     from session s join "user" u on u.id = s.userId where s.tokenHash = ?`,
);
// The session JWT get-session sends beside its answer (set-auth-jwt), fetched once per token:
// get-session reuses its own the same way, so the floor pays for the header, not the signature.
const floorJWTs = new Map();
async function floorJWT(cookie, token) {
  let jwt = floorJWTs.get(token);
  if (jwt === undefined) {
    jwt = (await auth.api.getToken({ headers: new Headers({ cookie }) })).token;
    floorJWTs.set(token, jwt);
  }
  return jwt;
}
const app = createApp({
  auth,
  logger,
  // The built SPA, served as in production (precompressed assets), for the first-load figure.
  webDist: new URL("../../web/dist", import.meta.url).pathname,
  mount: (a) => {
    a.get("/bench/bare", (c) => c.json({ ok: true }));
    // The floor as first defined (issue 14): the row as it comes, without the wire answer's fields and headers.
    a.get("/bench/floor-row", (c) => {
      const cookie = c.req.header("cookie") ?? "";
      const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
      return c.json(floorQuery.get(createHash("sha256").update(token).digest("base64url")) ?? null);
    });
    // The floor answers exactly what get-session answers (the same JSON, the same headers), from
    // one prepared SELECT and no other work: what is left between the two is Gatehouse's own cost.
    a.get("/bench/floor", async (c) => {
      const cookie = c.req.header("cookie") ?? "";
      const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
      const row = floorQuery.get(createHash("sha256").update(token).digest("base64url"));
      if (!row) return c.json(null);
      c.header("cache-control", "no-store");
      c.header("set-auth-jwt", await floorJWT(cookie, token));
      c.header("access-control-expose-headers", "set-auth-jwt");
      return c.json({
        session: {
          id: row.id,
          token,
          userId: row.userId,
          expiresAt: row.expiresAt,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          activeOrganizationId: row.activeOrganizationId,
          activeTeamId: row.activeTeamId,
          impersonatedBy: row.impersonatedBy,
        },
        user: {
          id: row.uid,
          email: row.email,
          name: row.name,
          image: row.image,
          emailVerified: row.emailVerified === 1,
          isAnonymous: row.isAnonymous === 1,
          role: row.role ?? "user",
          banned: row.banned === 1,
          banReason: row.banReason,
          banExpires: row.banExpires,
          createdAt: row.uCreatedAt,
          updatedAt: row.uUpdatedAt,
        },
      });
    });
  },
});
serve({ fetch: app.fetch, port: config.port }, (info) => logger.info("bench server listening", { port: info.port }));
process.on("SIGTERM", () => process.exit(0));
