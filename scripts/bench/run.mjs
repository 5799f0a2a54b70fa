#!/usr/bin/env node
// The foundation benchmark (npm run bench). Starts the real server with a file SQLite database
// on core 0 and drives it with autocannon on core 1 (taskset), then prints one table:
// requests/s, p50, p99, server CPU time per request and server RSS for each scenario. Then the
// audit log's queries on a million events (audit-queries.mjs; BENCH_AUDIT=off skips that step).
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_AUDIT (default on)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { measureFirstLoad } from "./first-load.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const origin = base;
const haveTaskset = existsSync("/usr/bin/taskset");
const pin = (core, args) => (haveTaskset ? ["taskset", ["-c", String(core), ...args]] : [args[0], args.slice(1)]);

try {
  execFileSync("npx", ["tsc", "-b"], { cwd: root, stdio: "inherit" });
  execFileSync("npm", ["run", "build", "-w", "@gatehouse/web"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
} catch {
  if (!existsSync(join(root, "server/dist/index.js"))) throw new Error("build failed and there is no earlier build to measure");
  console.error("bench: tsc -b reported errors; measuring the last successful build");
}
const dir = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
const dbFile = join(dir, "bench.db");

const [cmd, args] = pin(0, [process.execPath, join(here, "bench-server.mjs")]);
const server = spawn(cmd, args, {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), BASE_URL: base, DATABASE_URL: `file:${dbFile}`, AUTH_SECRET: "b".repeat(40), RATE_LIMIT: "off", DATA_DIR: dir },
  stdio: ["ignore", "pipe", "inherit"],
});
// Never leave the server behind, whatever happens to this script.
process.on("exit", () => server.kill("SIGKILL"));
process.on("uncaughtException", (error) => {
  console.error(error);
  process.exit(1);
});
await new Promise((resolve) => {
  const watch = (d) => {
    if (!d.toString().includes("listening")) return;
    // From here on the request log is drained unread, as a log shipper would take it.
    server.stdout.off("data", watch);
    server.stdout.resume();
    resolve();
  };
  server.stdout.on("data", watch);
});

function cpuMs() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime+stime, in USER_HZ=100
}
function rssMB() {
  const line = readFileSync(`/proc/${server.pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS"));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

function load(spec) {
  const [c, a] = pin(1, [process.execPath, join(here, "load.mjs"), JSON.stringify(spec)]);
  return new Promise((resolve, reject) => {
    const child = spawn(c, a, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`))));
  });
}

async function post(path, body) {
  const r = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r;
}

const credentials = { email: "bench@example.com", password: "correct horse battery" };
const signUp = await post("/api/auth/sign-up/email", { name: "Bench", ...credentials });
const cookie = signUp.headers.getSetCookie()[0].split(";")[0];

const rows = [];
async function scenario(name, spec, { warmup = true } = {}) {
  if (warmup) await load({ ...spec, duration: 2 });
  const before = cpuMs();
  const r = await load({ ...spec, duration: seconds });
  const cpu = cpuMs() - before;
  const row = { name, rps: Math.round(r.rps), p50: r.p50, p99: r.p99, cpuPerReqUs: Math.round((cpu * 1000) / Math.max(1, r.requests)), rssMB: rssMB(), non2xx: r.non2xx + r.errors };
  rows.push(row);
  console.error(`  ${name}: ${row.rps} req/s, p99 ${row.p99} ms`);
  return row;
}

const get = (path, headers = {}) => ({ url: `${base}${path}`, connections, headers });
console.error("phase 1: one session in the database");
const bare = await scenario("bare Hono route (ceiling)", get("/bench/bare"));
const floor = await scenario("floor: prepared SELECT session⋈user", get("/bench/floor", { cookie }));
const valid = await scenario("get-session, valid cookie", get("/api/auth/get-session", { cookie }));
const none = await scenario("get-session, no cookie", get("/api/auth/get-session"));

console.error("seeding 100 000 sessions");
{
  const db = new SQLite(dbFile);
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 7 * 86400_000).toISOString();
  const user = db.prepare(`insert into "user" (id, name, email, emailVerified, image, isAnonymous, createdAt, updatedAt) values (?, ?, ?, 0, null, 0, ?, ?)`);
  const session = db.prepare(`insert into session (id, tokenHash, userId, expiresAt, rememberMe, createdAt, updatedAt) values (?, ?, ?, ?, 1, ?, ?)`);
  db.transaction(() => {
    for (let u = 0; u < 10_000; u++) {
      user.run(`seed-user-${u}`, `Seed ${u}`, `seed${u}@example.com`, now, now);
      for (let s = 0; s < 10; s++) session.run(`seed-${u}-${s}`, `seed-hash-${u}-${s}`, `seed-user-${u}`, later, now, now);
    }
  })();
  db.close();
}
console.error("phase 2: 100 000 sessions in the database");
const floor100k = await scenario("floor, 100k sessions", get("/bench/floor", { cookie }));
const valid100k = await scenario("get-session valid, 100k sessions", get("/api/auth/get-session", { cookie }));

console.error("sign-in");
const scryptArgs = pin(0, [process.execPath, join(here, "scrypt.mjs"), String(seconds), "1"]);
const bareScrypt = JSON.parse(execFileSync(scryptArgs[0], scryptArgs[1]).toString()).rps;
const signInSpec = { url: `${base}/api/auth/sign-in/email`, method: "POST", connections: 4, headers: { "content-type": "application/json", origin }, body: JSON.stringify(credentials) };
const signIn = await scenario("sign-in (scrypt N=16384 r=16)", signInSpec);

console.error("get-session while sign-ins hash at full rate");
const [mixedSession, mixedSignIn] = await Promise.all([
  load({ ...get("/api/auth/get-session", { cookie }), connections: 10, duration: seconds }),
  load({ ...signInSpec, duration: seconds }),
]);
rows.push({ name: "get-session during sign-in load (10 conns)", rps: Math.round(mixedSession.rps), p50: mixedSession.p50, p99: mixedSession.p99, cpuPerReqUs: "-", rssMB: rssMB(), non2xx: mixedSession.non2xx });
rows.push({ name: "  …sign-in alongside", rps: Math.round(mixedSignIn.rps), p50: mixedSignIn.p50, p99: mixedSignIn.p99, cpuPerReqUs: "-", rssMB: rssMB(), non2xx: mixedSignIn.non2xx });
const firstLoad = await measureFirstLoad(base);
server.kill("SIGTERM");

const pct = (a, b) => `${Math.round((a / b) * 100)}%`;
console.log(`\nGatehouse benchmark — ${seconds}s per scenario, ${connections} connections, server on core 0, load on core 1${haveTaskset ? "" : " (taskset missing: not pinned)"}\n`);
console.log("| scenario | req/s | p50 ms | p99 ms | CPU µs/req | RSS MB | non-2xx |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuPerReqUs} | ${r.rssMB} | ${r.non2xx} |`);
console.log(`| bare scrypt, same parameters, concurrency 1 | ${bareScrypt.toFixed(1)} | | | | | |`);
console.log("\nTargets:");
console.log(`- get-session valid vs floor: ${pct(valid.rps, floor.rps)} (target ≥ 80%), p99 ${valid.p99} ms (target < 10)`);
console.log(`- with 100k sessions: ${pct(valid100k.rps, floor100k.rps)} of floor, p99 ${valid100k.p99} ms`);
console.log(`- get-session without cookie vs bare route: ${pct(none.rps, bare.rps)} (target ≥ 80%)`);
console.log(`- sign-in vs bare scrypt: ${pct(signIn.rps, bareScrypt)} (target within 5%)`);
console.log(`- get-session p99 while sign-ins hash: ${mixedSession.p99} ms (target < 25)`);
console.log(`- /login first load: ${firstLoad.jsKB} KB of JavaScript over the wire (${firstLoad.encodings.join(", ")}; target ≤ 100), ${firstLoad.cssKB} KB CSS, ${firstLoad.files} files; source maps served: ${firstLoad.sourceMaps ? "yes" : "no"}`);
if (process.env.BENCH_AUDIT !== "off") {
  // Issue 11: analytics and events-page times on a million events, SQLite and (when a URL is set) PostgreSQL.
  execFileSync(process.execPath, [join(here, "audit-queries.mjs")], { cwd: root, stdio: "inherit" });
}
process.exit(0);
