#!/usr/bin/env node
// The OpenID provider's paths (npm run bench:oidc): Gatehouse's real server (server/dist/gatehouse.js,
// SQLite file, production mode) beside panva's oidc-provider 9 configured the same way (the same
// client, scopes, lifetimes and opaque tokens, refresh rotation on, and its tokens in a SQLite file
// through a plain adapter, as Gatehouse keeps its own), in turns, servers on core 0 and autocannon
// on core 1 (taskset). Paths: client_credentials token, introspection, userinfo, refresh (each
// refresh presents a token never used: a pool made before the run).
//   BENCH_SECONDS (default 20) per scenario and server, in BENCH_ROUNDS turns (default 4);
//   BENCH_CONNECTIONS (default 50). Prints a markdown table.
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const turn = Math.max(1, Math.round(seconds / rounds));
const haveTaskset = existsSync("/usr/bin/taskset");
const pin = (core, args) => (haveTaskset ? ["taskset", ["-c", String(core), ...args]] : [args[0], args.slice(1)]);
const dir = mkdtempSync(join(tmpdir(), "gatehouse-oidc-bench-"));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(1));

if (!existsSync(join(root, "server/dist/gatehouse.js"))) throw new Error("build first: npx tsc -b && node scripts/bundle-server.mjs");

function start(core, args, env, ready) {
  const [command, rest] = pin(core, args);
  const child = spawn(command, rest, { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(ready)) resolve(output);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code}: ${output}`)));
  });
}

const POOL = 30_000;
const CALLBACK = "https://app.example.com/callback";
const verifier = randomBytes(32).toString("base64url");
const challenge = createHash("sha256").update(verifier).digest("base64url");
const basic = (id, secret) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
const form = (fields) => new URLSearchParams(fields).toString();

// ---------------------------------------------------------------- Gatehouse
const gPort = 4400 + Math.floor(Math.random() * 100);
const gBase = `http://127.0.0.1:${gPort}`;
const gFile = join(dir, "gatehouse.db");
void start(
  0,
  [process.execPath, "server/dist/gatehouse.js"],
  // LOG_LEVEL=warn: no request log line (oidc-provider writes none either).
  {
    PORT: String(gPort),
    BASE_URL: gBase,
    DATABASE_URL: `file:${gFile}`,
    NODE_ENV: "production",
    AUTH_SECRET: "b".repeat(40),
    RATE_LIMIT: "off",
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
  },
  "\u0000never",
).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
await waitFor(`${gBase}/healthz`);

async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} never answered`);
}

const jar = new Map();
async function call(path, body, cookieOf = "ops") {
  const response = await fetch(`${gBase}/api/auth${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { origin: gBase, cookie: jar.get(cookieOf) ?? "", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const set = response.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (set) jar.set(cookieOf, set.split(";")[0]);
  return response;
}
await call("/sign-up/email", { name: "Ops", email: "ops@example.com", password: "bench operator 1" });
const gDb = new SQLite(gFile);
gDb.prepare(`update "user" set role = 'admin' where email = 'ops@example.com'`).run();
const gClient = await (
  await call("/admin/oauth2/create-client", {
    client_name: "Bench",
    redirect_uris: [CALLBACK],
    grant_types: ["authorization_code", "refresh_token", "client_credentials"],
    client_credentials_scopes: ["reports:read"],
    skip_consent: true,
  })
).json();
await call("/sign-up/email", { name: "Pat", email: "pat@example.com", password: "bench person 1" }, "pat");
const authorize = await call(
  `/oauth2/authorize?${form({ response_type: "code", client_id: gClient.client_id, redirect_uri: CALLBACK, scope: "openid profile email offline_access", state: "s", code_challenge: challenge, code_challenge_method: "S256" })}`,
  undefined,
  "pat",
);
const code = new URL(authorize.headers.get("location")).searchParams.get("code");
const gTokens = await (
  await fetch(`${gBase}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(gClient.client_id, gClient.client_secret) },
    body: form({ grant_type: "authorization_code", code, redirect_uri: CALLBACK, code_verifier: verifier }),
  })
).json();
// The refresh pool: rows as the token endpoint writes them (the SHA-256 of each token), copied from the real one.
const template = gDb.prepare(`select * from "oauthToken" where kind = 'refresh'`).get();
const gRefresh = [];
const insert = gDb.prepare(
  `insert into "oauthToken" (id, kind, "tokenHash", "clientId", "userId", "sessionId", scopes, "familyId", "expiresAt", "revokedAt", "createdAt") values (?, 'refresh', ?, ?, ?, ?, ?, ?, ?, null, ?)`,
);
gDb.transaction(() => {
  for (let i = 0; i < POOL; i++) {
    const token = randomBytes(32).toString("base64url");
    gRefresh.push(token);
    insert.run(
      `bench${i}`,
      createHash("sha256").update(token).digest("base64url"),
      template.clientId,
      template.userId,
      template.sessionId,
      template.scopes,
      template.familyId,
      template.expiresAt,
      template.createdAt,
    );
  }
})();
gDb.close();

// ---------------------------------------------------------------- panva's oidc-provider
const pPort = gPort + 200;
const pFile = join(dir, "panva.db");
writeFileSync(join(dir, "panva.json"), JSON.stringify({ port: pPort, file: pFile, clientSecret: gClient.client_secret, pool: POOL }));
const panvaOutput = await start(
  0,
  [process.execPath, join(here, "oidc-provider-panva.mjs"), join(dir, "panva.json")],
  { NODE_ENV: "production" },
  "panva ready",
);
const pSetup = JSON.parse(panvaOutput.split("\n").find((line) => line.startsWith("{")));
const pBase = `http://127.0.0.1:${pPort}`;

// ---------------------------------------------------------------- scenarios
const scenarios = {
  gatehouse: {
    "client_credentials token": {
      url: `${gBase}/api/auth/oauth2/token`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(gClient.client_id, gClient.client_secret) },
      body: form({ grant_type: "client_credentials", scope: "reports:read" }),
    },
    introspection: {
      url: `${gBase}/api/auth/oauth2/introspect`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(gClient.client_id, gClient.client_secret) },
      body: form({ token: gTokens.access_token }),
    },
    userinfo: { url: `${gBase}/api/auth/oauth2/userinfo`, method: "GET", headers: { authorization: `Bearer ${gTokens.access_token}` } },
    refresh: {
      url: `${gBase}/api/auth/oauth2/token`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(gClient.client_id, gClient.client_secret) },
      pool: gRefresh.map((t) => form({ grant_type: "refresh_token", refresh_token: t })),
    },
  },
  panva: {
    "client_credentials token": {
      url: `${pBase}/token`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("bench", gClient.client_secret) },
      body: form({ grant_type: "client_credentials", scope: "reports:read" }),
    },
    introspection: {
      url: `${pBase}/token/introspection`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("bench", gClient.client_secret) },
      body: form({ token: pSetup.accessToken }),
    },
    userinfo: { url: `${pBase}/me`, method: "GET", headers: { authorization: `Bearer ${pSetup.accessToken}` } },
    refresh: {
      url: `${pBase}/token`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("bench", gClient.client_secret) },
      pool: pSetup.refreshTokens.map((t) => form({ grant_type: "refresh_token", refresh_token: t })),
    },
  },
};

function load(spec, offset) {
  const poolFile = join(dir, `pool-${Math.random()}.json`);
  if (spec.pool) writeFileSync(poolFile, JSON.stringify(spec.pool.slice(offset)));
  const [command, rest] = pin(1, [
    process.execPath,
    join(here, "oidc-load.mjs"),
    JSON.stringify({ ...spec, pool: undefined, poolFile: spec.pool ? poolFile : undefined, connections, duration: turn }),
  ]);
  return JSON.parse(execFileSync(command, rest, { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }));
}

const totals = {};
const used = { gatehouse: 0, panva: 0 };
for (let round = 0; round < rounds; round++) {
  for (const name of Object.keys(scenarios.gatehouse)) {
    const order = round % 2 === 0 ? ["gatehouse", "panva"] : ["panva", "gatehouse"];
    for (const server of order) {
      const spec = scenarios[server][name];
      const result = load(spec, spec.pool ? used[server] : 0);
      // Requests still in flight when a turn ends took tokens too: the next turn starts past them.
      if (spec.pool) used[server] += result.requests + 4 * connections;
      const entry = (totals[`${name}|${server}`] ??= { requests: 0, seconds: 0, non2xx: 0, p99: [] });
      entry.requests += result.requests;
      entry.seconds += result.duration;
      entry.non2xx += result.non2xx + result.errors;
      entry.p99.push(result.p99);
    }
  }
}

console.log(`\n${rounds} turns of ${turn} s per path and server, ${connections} connections; servers on core 0, autocannon on core 1.\n`);
console.log("| path | Gatehouse req/s | oidc-provider 9 req/s | ratio | Gatehouse p99 ms | oidc-provider p99 ms | non-2xx (G / p) |");
console.log("|---|---|---|---|---|---|---|");
for (const name of Object.keys(scenarios.gatehouse)) {
  const g = totals[`${name}|gatehouse`];
  const p = totals[`${name}|panva`];
  const gr = g.requests / g.seconds;
  const pr = p.requests / p.seconds;
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `| ${name} | ${Math.round(gr)} | ${Math.round(pr)} | ${(gr / pr).toFixed(2)} | ${median(g.p99)} | ${median(p.p99)} | ${g.non2xx} / ${p.non2xx} |`,
  );
}
process.exit(0);
