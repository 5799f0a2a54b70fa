#!/usr/bin/env node
// The benchmark's floor and ceiling: a plain Hono app on plain @hono/node-server, with no
// Gatehouse middleware and no Gatehouse code at all (nothing from the workspace is imported).
//   GET /bare   constant JSON, no headers of its own: the ceiling of this stack;
//   GET /floor  one prepared SELECT of a session joined to its user, found by the SHA-256 of the
//               cookie's token, answered with get-session's bytes: the same JSON, the short API
//               header set and a set-auth-jwt of a session JWT's length (reused, as get-session
//               reuses its own); no cookie or no row: `null` with the API headers.
//   GET /floor-logged  the same answer, and the request line a production server writes for each
//               request (pino's JSON: level, time, request id, method, path, status, ms, message),
//               gathered into 4 KB batches (or 100 ms), each written by one non-blocking write to
//               stdout; a batch a full pipe refuses is dropped. Not a target: it shows what the
//               request log costs a server that does nothing else.
// Configured by run.mjs through the environment:
//   PORT, FLOOR_SQLITE=<file> or FLOOR_PG_URL=<url> (+ FLOOR_PG_SCHEMA, FLOOR_PG_POOL, default 10),
//   FLOOR_JWT (the set-auth-jwt value), FLOOR_COOKIE (the session cookie's name),
//   FLOOR_SCALE=1 (the scale bench's floors of other paths, scale-floor.mjs),
//   FLOOR_SIGN_JWT=1 (the scale bench: each session's own JWT, see sessionJWT below).
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { writeSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const port = Number(process.env.PORT);
const jwt = process.env.FLOOR_JWT ?? "";
const cookieName = `${process.env.FLOOR_COOKIE ?? "gatehouse.session_token"}=`;

const SELECT = `select s.id, s."userId", s."expiresAt", s."createdAt", s."updatedAt", s."ipAddress", s."userAgent",
       s."activeOrganizationId", s."activeTeamId", s."impersonatedBy", u.id as uid, u.name, u.email, u."emailVerified", u.image,
       u."isAnonymous", u."twoFactorEnabled", u.role, u.banned, u."banReason", u."banExpires", u."createdAt" as "uCreatedAt", u."updatedAt" as "uUpdatedAt"
  from session s join "user" u on u.id = s."userId" where s."tokenHash" = `;

/** find(tokenHash) → the joined row or undefined, synchronously (SQLite) or as a promise (pg). */
let find;
/** query(sql with ? placeholders, params) → a promise of rows: the scale floors' plain road (FLOOR_SCALE=1). */
let query;
if (process.env.FLOOR_PG_URL) {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: process.env.FLOOR_PG_URL,
    max: Number(process.env.FLOOR_PG_POOL ?? 10),
    ...(process.env.FLOOR_PG_SCHEMA ? { options: `-c search_path=${process.env.FLOOR_PG_SCHEMA}` } : {}),
  });
  // A named statement: parsed and planned once per connection.
  const statement = { name: "floor_session_lookup", text: `${SELECT}$1`, values: [""] };
  find = (hash) => pool.query({ ...statement, values: [hash] }).then((r) => r.rows[0]);
  query = (text, values) => {
    let n = 0;
    return pool
      .query(
        text.replace(/\?/g, () => `$${++n}`),
        values,
      )
      .then((r) => r.rows);
  };
} else {
  const { default: SQLite } = await import("better-sqlite3");
  const db = new SQLite(process.env.FLOOR_SQLITE, { readonly: true });
  const statement = db.prepare(`${SELECT}?`);
  find = (hash) => statement.get(hash);
  const statements = new Map();
  query = async (text, values) => {
    let prepared = statements.get(text);
    if (!prepared) statements.set(text, (prepared = db.prepare(text)));
    return prepared.all(values);
  };
}

// The short header set of a JSON API answer (OWASP REST security guidance).
const API_HEADERS = {
  "content-type": "application/json",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};
const SESSION_HEADERS = { ...API_HEADERS, "set-auth-jwt": jwt, "access-control-expose-headers": "set-auth-jwt" };

/**
 * FLOOR_SIGN_JWT=1: the least a correct get-session does for the session JWT when requests come
 * from many sessions (the scale bench's random cookies): each session gets its own token, signed
 * (Ed25519, node:crypto, synchronously) the first time it is asked and reused until a third of
 * its life remains, in a memory of the same bound as Gatehouse's (10,000 sessions, the oldest
 * first out: auth-core's jwt/session-jwt.ts). The header and the registered claims are copied
 * from FLOOR_JWT (a token Gatehouse signed), so the token has the same shape and length. Without
 * it (null), every answer carries FLOOR_JWT itself (one session: the same work, signed once).
 */
const sessionJWT = (() => {
  if (process.env.FLOOR_SIGN_JWT !== "1") return null;
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const [headerPart, payloadPart] = jwt.split(".");
  const given = JSON.parse(Buffer.from(payloadPart, "base64url").toString());
  const lifetime = given.exp - given.iat;
  const { privateKey } = generateKeyPairSync("ed25519");
  const tokens = new Map();
  const BOUND = 10_000;
  return (row) => {
    const now = Date.now();
    const known = tokens.get(row.id);
    if (known && known.email === row.email && known.name === row.name && known.emailVerified === row.emailVerified && known.image === row.image) {
      if (now < known.expiresAt - (known.expiresAt - known.issuedAt) / 3) return known.token;
    }
    const iat = Math.floor(now / 1000);
    const exp = Math.min(iat + lifetime, Math.floor(Date.parse(row.expiresAt) / 1000));
    const payload = { id: row.uid, email: row.email, name: row.name, emailVerified: row.emailVerified === 1, image: row.image, sid: row.id };
    const input = `${headerPart}.${b64({ ...payload, sub: row.uid, iss: given.iss, aud: given.aud, iat, exp })}`;
    const token = `${input}.${sign(null, Buffer.from(input), privateKey).toString("base64url")}`;
    tokens.delete(row.id);
    if (tokens.size >= BOUND) tokens.delete(tokens.keys().next().value);
    tokens.set(row.id, {
      token,
      issuedAt: iat * 1000,
      expiresAt: exp * 1000,
      email: row.email,
      name: row.name,
      emailVerified: row.emailVerified,
      image: row.image,
    });
    return token;
  };
})();

function tokenOf(cookieHeader) {
  if (!cookieHeader) return null;
  const at = cookieHeader.indexOf(cookieName);
  if (at === -1) return null;
  const end = cookieHeader.indexOf(";", at);
  const value = decodeURIComponent(cookieHeader.slice(at + cookieName.length, end === -1 ? undefined : end));
  return value.split(".")[0];
}

/** get-session's person, from a row naming the person's id `uid` and times `uCreatedAt`, `uUpdatedAt`. */
function wireUser(row) {
  return {
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
    twoFactorEnabled: row.twoFactorEnabled === 1,
    createdAt: row.uCreatedAt,
    updatedAt: row.uUpdatedAt,
  };
}

function answer(row, token) {
  if (!row) return new Response("null", { headers: API_HEADERS });
  const body = {
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
    user: wireUser(row),
  };
  return new Response(JSON.stringify(body), { headers: sessionJWT ? { ...SESSION_HEADERS, "set-auth-jwt": sessionJWT(row) } : SESSION_HEADERS });
}

function floorAnswer(cookieHeader) {
  const token = tokenOf(cookieHeader);
  if (!token) return answer(undefined, token);
  const row = find(createHash("sha256").update(token).digest("base64url"));
  return row instanceof Promise ? row.then((r) => answer(r, token)) : answer(row, token);
}

// The request lines of /floor-logged. Reading process.stdout opens a pipe or socket on it
// non-blocking, so a write never waits for the reader.
void process.stdout.writable;
let batch = [];
let batchBytes = 0;
let requests = 0;
let lastMs = 0;
let timeField = "";
function writeBatch() {
  if (batch.length === 0) return;
  const text = batch.join("");
  batch = [];
  batchBytes = 0;
  try {
    writeSync(1, text);
  } catch {
    // A full pipe (EAGAIN) or a reader gone: the batch is dropped.
  }
}
setInterval(writeBatch, 100).unref();
function logRequest(method, path, status, started) {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    timeField = `,"time":"${new Date(now).toISOString()}"`;
  }
  requests += 1;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const line = `{"level":"info"${timeField},"requestId":${JSON.stringify(`floor-${requests.toString(36)}`)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"message":"request"}\n`;
  batch.push(line);
  batchBytes += line.length;
  if (batchBytes >= 4096) writeBatch();
}

const app = new Hono();
app.get("/bare", (c) => c.json({ ok: true }));
app.get("/floor", (c) => floorAnswer(c.req.header("cookie")));
app.get("/floor-logged", (c) => {
  const started = performance.now();
  const logged = (response) => {
    logRequest(c.req.method, c.req.path, response.status, started);
    return response;
  };
  const response = floorAnswer(c.req.header("cookie"));
  return response instanceof Promise ? response.then(logged) : logged(response);
});
if (process.env.FLOOR_SCALE === "1") {
  const { mountScaleFloors } = await import("./scale-floor.mjs");
  mountScaleFloors(app, { query, tokenOf, apiHeaders: API_HEADERS, wireUser });
}
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => console.log("floor listening"));
process.on("SIGTERM", () => process.exit(0));
