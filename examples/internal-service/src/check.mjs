// Runs Gatehouse's auth (from the installed package) and the example service side by side on
// one PostgreSQL schema, signs a user up, and asks the service who it is, both ways.
// DATABASE_URL: a PostgreSQL URL; a schema of its own is created and dropped.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { createAuth } from "@gatehouse/auth-core";
import { migrateToLatest } from "@gatehouse/migrations";
import { createService } from "./service.mjs";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL (PostgreSQL) is required");
const schema = `example_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create schema "${schema}"`);
const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
const database = new Kysely({ dialect: new PostgresDialect({ pool }) });

function listen(app) {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve({ server, url: `http://127.0.0.1:${info.port}` }));
  });
}

let exitCode = 1;
const servers = [];
try {
  await migrateToLatest(database, { migrationTableSchema: schema });
  const secret = "example-secret-example-secret-example-secret";
  // Gatehouse: the auth handler with session JWTs on. Its base URL is known once it listens.
  const gatehouseApp = new Hono();
  let auth = null;
  gatehouseApp.on(["GET", "POST"], "/api/auth/*", (c) => auth.handler(c.req.raw));
  const gatehouse = await listen(gatehouseApp);
  servers.push(gatehouse.server);
  auth = createAuth({ database, baseURL: gatehouse.url, secret, jwt: { enabled: true }, logger: { info() {}, warn() {}, error() {} } });

  const service = await listen(createService({ database, gatehouseURL: gatehouse.url, secret }));
  servers.push(service.server);

  const signUp = await fetch(`${gatehouse.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: gatehouse.url },
    body: JSON.stringify({ name: "Example", email: "example@example.com", password: "unusual-phrase-7" }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers.getSetCookie()[0].split(";")[0];
  const { token } = await (await fetch(`${gatehouse.url}/api/auth/token`, { headers: { cookie } })).json();

  const viaDatabase = await (await fetch(`${service.url}/whoami/session`, { headers: { cookie } })).json();
  const viaJWT = await (await fetch(`${service.url}/whoami/jwt`, { headers: { authorization: `Bearer ${token}` } })).json();
  const forged = await fetch(`${service.url}/whoami/jwt`, { headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } });

  // An API key for a script, created with the person's session; the service checks it both ways.
  const created = await fetch(`${gatehouse.url}/api/auth/api-key/create`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: gatehouse.url, cookie },
    body: JSON.stringify({ name: "nightly job" }),
  });
  const { key } = await created.json();
  const viaKey = await (await fetch(`${service.url}/whoami/key`, { headers: { "x-api-key": key } })).json();
  const viaKeyHTTP = await (await fetch(`${service.url}/whoami/key-http`, { headers: { "x-api-key": key } })).json();
  const wrongKey = await fetch(`${service.url}/whoami/key-http`, { headers: { "x-api-key": `${key.slice(0, -4)}AAAA` } });

  console.log(JSON.stringify({ viaDatabase, viaJWT, forged: forged.status, viaKey, viaKeyHTTP, wrongKey: wrongKey.status }));
  const ok =
    viaDatabase.email === "example@example.com" &&
    viaJWT.email === "example@example.com" &&
    viaDatabase.userId === viaJWT.userId &&
    forged.status === 401 &&
    viaKey.ownerId === viaDatabase.userId &&
    viaKeyHTTP.ownerId === viaDatabase.userId &&
    wrongKey.status === 401;
  exitCode = ok ? 0 : 1;
} finally {
  for (const server of servers) server.close();
  await database.destroy();
  await admin.query(`drop schema "${schema}" cascade`);
  await admin.end();
}
process.exit(exitCode);
