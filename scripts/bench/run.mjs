#!/usr/bin/env node
// The benchmark (npm run bench). Starts the real server (bench-server.mjs, bundled as the server
// is: the app as main.ts wires it, production settings, the request log on) and, beside it, the
// floor and ceiling: a plain Hono app with no Gatehouse code (floor-server.mjs). Servers run on
// core 0, autocannon on core 1 (taskset). Every published figure is a ratio against that floor
// and ceiling, taken from scenarios that take turns, so a change of pace on the shared machine
// falls on both sides.
// Prints markdown tables (paste them into the run log, docs/performance/, and a full run's targets
// into docs/performance.md) and exits 1 when a target is missed.
//
// Phases: SQLite (ceiling, floor with and without a cookie, get-session with and without one,
// with x-api-key, and with a cookie at 4 connections for its latency);
// PostgreSQL (the same prepared JOIN through pg beside get-session on PostgreSQL), then three
// server processes on that PostgreSQL behind the tests' round-robin proxy beside one process
// behind it; SQLite with 100 000 sessions; sign-in beside bare scrypt; get-session while sign-ins
// hash; the /login first load. New scenarios: add a line to the phase's list.
//
//   BENCH_SECONDS (default 24) per scenario, in BENCH_ROUNDS turns (default 8); BENCH_CONNECTIONS (50).
//   BENCH_INSTANCES (default 4): Gatehouse and floor processes per get-session comparison, each
//                      taking its share of the turns: two processes of the same build, started
//                      side by side, answered far apart and kept their order turn after turn, and
//                      one server's CPU per request moves from one turn to the next, so a ratio
//                      needs many turns on several processes (docs/performance.md, "Method")
//   BENCH_PG_URL (default GATEHOUSE_TEST_PG_URL): PostgreSQL for its phase, in a schema of the
//                      run's own that is dropped at the end; unset: the PostgreSQL phase is skipped
//   BENCH_QUICK=1      only the SQLite and PostgreSQL get-session phases and their targets (A/B work)
//   BENCH_AUDIT=on     also the audit log's queries on a million events (audit-queries.mjs, ~2 min)
//   BENCH_CHECK=off    measure even if the floor's answer differs from get-session's (an older build, for A/B)
//   BENCH_CPU_PROF=DIR the SQLite Gatehouse server and the floors run with --cpu-prof and write their profiles into DIR
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import pg from "pg";
import { bundleServer } from "../bundle-server.mjs";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../server-runtime.mjs";
import { measureFirstLoad } from "./first-load.mjs";
import { resetPeakRss, rssMB } from "./process-memory.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
// `npm run bench -- --scale [--people N] [--dialect …]`: the paths at the seeded data set's size (scale.mjs).
if (process.argv.includes("--scale")) {
  const scale = spawn(process.execPath, [join(here, "scale.mjs"), ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
  scale.on("exit", (code) => process.exit(code ?? 1));
  await new Promise(() => undefined);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 24);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 8));
const instances = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 4));
// Whole seconds: autocannon runs a fractional duration up to the next second.
const turn = Math.max(1, Math.round(seconds / rounds));
const quick = process.env.BENCH_QUICK === "1";
const pgURL = process.env.BENCH_PG_URL ?? process.env.GATEHOUSE_TEST_PG_URL;
const haveTaskset = existsSync("/usr/bin/taskset");
const pin = (core, args) => (haveTaskset && core !== null ? ["taskset", ["-c", String(core), ...args]] : [args[0], args.slice(1)]);
const started = Date.now();

try {
  execFileSync("npx", ["tsc", "-b"], { cwd: root, stdio: "inherit" });
  execFileSync("npm", ["run", "build", "-w", "@gatehouse/web"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
} catch {
  if (!existsSync(join(root, "server/dist/index.js"))) throw new Error("build failed and there is no earlier build to measure");
  console.error("bench: tsc -b reported errors; measuring the last successful build");
}
// Bundled as the server runs in production (scripts/bundle-server.mjs), beside server/dist/gatehouse.js
// so that it finds the same node_modules and web/dist.
const benchServer = await bundleServer({ entry: join(here, "bench-server.mjs"), outfile: join(root, "server/dist/bench-server.js") });
const dir = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
const dbFile = join(dir, "bench.db");
const schema = `bench_${process.pid}`;
const cleanups = [() => rmSync(dir, { recursive: true, force: true })];

// ---------------------------------------------------------------- processes
const children = [];
let nextPort = 3900 + Math.floor(Math.random() * 60) * 10;
// Never leave a server behind, whatever happens to this script.
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
process.on("uncaughtException", (error) => {
  console.error(error);
  cleanup().finally(() => process.exit(1));
});

/** Starts a process (pinned to `core` unless null) and waits for `ready` on its stdout, which is then drained unread. */
async function startProcess({ args, env = {}, core = 0, ready = "listening" }) {
  const [cmd, argv] = pin(core, args);
  const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code} before it was ready`)));
    const watch = (d) => {
      if (!d.toString().includes(ready)) return;
      // From here on its output (the request log) is drained unread, as a log shipper would take it.
      child.stdout.off("data", watch);
      child.stdout.resume();
      resolve();
    };
    child.stdout.on("data", watch);
  });
  return child;
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

/** A Gatehouse server as `npm start` starts it (same node flags and environment), on a database. */
async function startGatehouse(databaseURL, { core = 0, profile = false } = {}) {
  const port = nextPort++;
  const base = `http://127.0.0.1:${port}`;
  const profileFlags = profile && process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
  const child = await startProcess({
    core,
    args: [process.execPath, ...SERVER_NODE_FLAGS, ...profileFlags, benchServer],
    env: {
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: base,
      DATABASE_URL: databaseURL,
      AUTH_SECRET: "b".repeat(40),
      RATE_LIMIT: "off",
      // The API-key scenario measures a key without a limit (a limited key writes its count on every use).
      API_KEY_RATE_LIMIT: "off",
      DATA_DIR: dir,
    },
  });
  return { child, port, base };
}

async function startFloor(env) {
  const port = nextPort++;
  const profileFlags = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
  const child = await startProcess({ args: [process.execPath, ...profileFlags, join(here, "floor-server.mjs")], env: { ...env, PORT: String(port) } });
  return { child, port, base: `http://127.0.0.1:${port}` };
}

async function startProxy(ports) {
  const port = nextPort++;
  const child = await startProcess({ core: null, args: [process.execPath, "--import", "tsx", join(here, "proxy.mjs"), String(port), ports.join(",")] });
  return { child, port, base: `http://127.0.0.1:${port}` };
}

/** utime+stime of the processes so far, in ms (USER_HZ=100). */
function cpuMs(pids) {
  let total = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  }
  return total;
}
/**
 * Waits until the processes are idle (under 5 ms of CPU in 100 ms), at most 5 s: a sign-in turn
 * ends with up to `connections` requests still queued for the hash, several hashes of work that
 * otherwise ran into the next turn (bare scrypt's or sign-in's own) and was charged to it.
 */
async function untilIdle(pids) {
  const deadline = performance.now() + 5000;
  let last = cpuMs(pids);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cpuMs(pids);
    if (now - last < 5) return;
    last = now;
  }
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

// ---------------------------------------------------------------- scenarios
const rows = [];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * One scenario: `name` and where its load goes: `on`, a list of { spec, pids } (the autocannon
 * spec and the processes whose CPU time it is charged), one per process of the same server
 * (onEach), or a single one. Scenarios compared with each other take turns: each process warms up
 * once, then they run `rounds` times for `turn` seconds each, in the list's order one round and in
 * reverse the next (A B, B A, …): two identical servers taking turns in a fixed order did not
 * measure alike, the second ahead (docs/performance/runs-2026-11.md, 04:57Z). A scenario with several
 * processes sends round r's turn to process r modulo their number: two processes of one build
 * differ for as long as they run (the same log, 10:55Z), so one process is a draw, not a measure
 * of the build.
 * Requests, time and CPU are summed over the turns; p50 and p99 are the median turn's; the RSS
 * shown is the largest process's (the sum of its pids).
 */
async function interleaved(list) {
  for (const { on } of list) for (const { spec } of on) await load({ ...spec, duration: 2 });
  const turns = list.map(() => []);
  await inTurns(
    rounds,
    list.map(({ on }, i) => async () => {
      const { spec, pids } = on[turns[i].length % on.length];
      const before = cpuMs(pids);
      const r = await load({ ...spec, duration: turn });
      turns[i].push({ ...r, cpu: cpuMs(pids) - before });
    }),
  );
  return list.map(({ name, on }, i) =>
    rowFromTurns(
      name,
      turns[i],
      on.map((target) => target.pids),
    ),
  );
}

/** Runs each of `runs` once a round, for `count` rounds: in their order one round, reversed the next. */
async function inTurns(count, runs) {
  for (let round = 0; round < count; round++) {
    for (const run of round % 2 === 0 ? runs : [...runs].reverse()) await run();
  }
}

/**
 * One table row from a scenario's turns; `processes`, the pids of each process of the same server
 * it ran on (the RSS shown is the largest's); `decimals` for slow scenarios (sign-in).
 */
function rowFromTurns(name, turns, processes, decimals = 0) {
  const requests = turns.reduce((n, x) => n + x.requests, 0);
  const scale = 10 ** decimals;
  const row = {
    name,
    rps: Math.round((requests / turns.reduce((n, x) => n + x.duration, 0)) * scale) / scale,
    p50: median(turns.map((x) => x.p50)),
    p99: median(turns.map((x) => x.p99)),
    cpuPerReqUs: Math.round((turns.reduce((n, x) => n + x.cpu, 0) * 1000) / Math.max(1, requests)),
    rssMB: Math.max(...processes.map((pids) => pids.reduce((n, pid) => n + rssMB(pid), 0))),
    non2xx: turns.reduce((n, x) => n + x.non2xx + x.errors, 0),
  };
  rows.push(row);
  console.error(`  ${name}: ${row.rps} req/s, p99 ${row.p99} ms, ${row.cpuPerReqUs} µs CPU`);
  return row;
}

const get = (base, path, headers = {}) => ({ url: `${base}${path}`, connections, headers });
/** A scenario's load on each of `servers`: `path` with `headers` (and `extra` autocannon options). */
const onEach = (servers, path, headers = {}, extra = {}) =>
  servers.map((server) => ({ spec: { ...get(server.base, path, headers), ...extra }, pids: [server.child.pid] }));

/** `first` and as many more processes of the same server (made by `start`) as BENCH_INSTANCES asks. */
async function withCopies(first, start) {
  const servers = [first];
  while (servers.length < instances) servers.push(await start());
  return servers;
}

/** The largest peak RSS (VmHWM, MiB) among `servers`. */
const peakRssOf = (servers) => Math.max(...servers.map((server) => rssMB(server.child.pid, "VmHWM")));
const sessionCookieName = "gatehouse.session_token";

/** Signs up the bench's user on a server; its session cookie and the session JWT get-session sends. */
async function signUp(base, credentials) {
  const r = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Bench", ...credentials }),
  });
  if (!r.ok) throw new Error(`sign-up: ${r.status} ${await r.text()}`);
  const cookie = r.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${sessionCookieName}=`))
    .split(";")[0];
  const jwt = (await fetch(`${base}/api/auth/get-session`, { headers: { cookie } })).headers.get("set-auth-jwt");
  return { cookie, jwt };
}

/**
 * The floor stands for the least work of a get-session only if it answers the same: status,
 * JSON, header names and the JWT's length, with and without a cookie. Exits 2 if not.
 */
async function checkFloorAnswers(gatehouse, floor, cookie) {
  const answer = async (url, headers) => {
    const r = await fetch(url, { headers });
    const names = [...r.headers.keys()].filter((name) => !["date", "x-request-id", "set-auth-jwt"].includes(name)).sort();
    return { status: r.status, body: await r.text(), headers: names, jwt: r.headers.get("set-auth-jwt") };
  };
  for (const headers of [{ cookie }, {}]) {
    const [f, g] = [await answer(`${floor.base}/floor`, headers), await answer(`${gatehouse.base}/api/auth/get-session`, headers)];
    // updatedAt and expiresAt move only when a refresh is due, which it is not right after sign-up.
    const same =
      f.status === g.status &&
      JSON.stringify(JSON.parse(f.body)) === JSON.stringify(JSON.parse(g.body)) &&
      f.headers.join() === g.headers.join() &&
      f.jwt?.length === g.jwt?.length;
    if (!same && process.env.BENCH_CHECK === "off")
      console.error("bench: BENCH_CHECK=off: the floor answers differently from get-session", { floor: f.headers, getSession: g.headers });
    else if (!same) {
      console.error("bench: the floor no longer answers what get-session answers:", { floor: f, getSession: g });
      await cleanup();
      process.exit(2);
    }
  }
}

async function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const step of cleanups.reverse()) await step();
  cleanups.length = 0;
}

// ---------------------------------------------------------------- phase 1: SQLite
const credentials = { email: "bench@example.com", password: "correct horse battery" };
const gatehouse = await startGatehouse(`file:${dbFile}`, { profile: true });
const gatehousePid = gatehouse.child.pid;
const { cookie, jwt } = await signUp(gatehouse.base, credentials);
// An API key of the same person, for get-session with x-api-key.
const apiKey = (
  await (
    await fetch(`${gatehouse.base}/api/auth/api-key/create`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: gatehouse.base, cookie },
      body: JSON.stringify({ name: "bench" }),
    })
  ).json()
).key;
const floorEnv = { FLOOR_SQLITE: dbFile, FLOOR_JWT: jwt, FLOOR_COOKIE: sessionCookieName };
const floor = await startFloor(floorEnv);
await checkFloorAnswers(gatehouse, floor, cookie);
// The other processes of each side (BENCH_INSTANCES), on the same database.
const gatehouses = await withCopies(gatehouse, () => startGatehouse(`file:${dbFile}`));
const floors = await withCopies(floor, () => startFloor(floorEnv));
// The peak so far is the start (modules, migrations) and the sign-up; the target is the peak
// under load, so the high-water mark is reset here and the start's is reported apart.
const startupPeakRss = peakRssOf(gatehouses);
for (const server of gatehouses) resetPeakRss(server.child.pid);

console.error(`phase 1: SQLite, one session in the database; ${instances} processes of each server`);
const [bare, floorSession, floorNone, floorNoneLogged, valid, none, withKey, validFew] = await interleaved([
  { name: "ceiling: bare Hono route", on: onEach(floors, "/bare") },
  { name: "floor: prepared JOIN, get-session's answer (cookie)", on: onEach(floors, "/floor", { cookie }) },
  { name: "floor: no cookie (`null`, API headers)", on: onEach(floors, "/floor") },
  // Not a target: the floor with the request line a production server writes (floor-server.mjs).
  { name: "floor: no cookie, writing a request line", on: onEach(floors, "/floor-logged") },
  { name: "get-session, valid cookie", on: onEach(gatehouses, "/api/auth/get-session", { cookie }) },
  { name: "get-session, no cookie", on: onEach(gatehouses, "/api/auth/get-session") },
  { name: "get-session, x-api-key", on: onEach(gatehouses, "/api/auth/get-session", { "x-api-key": apiKey }) },
  // Latency where it is service time: 4 connections on one core barely queue.
  { name: "get-session, valid cookie, 4 connections", on: onEach(gatehouses, "/api/auth/get-session", { cookie }, { connections: 4 }) },
]);
// The RSS target is the peak under get-session load: taken before sign-in, whose scrypt
// (N=16384, r=16: 32 MiB per hash in flight) is a different, bounded cost reported beside it.
let peakSessionRss = peakRssOf(gatehouses);
for (const server of [...floors, ...gatehouses.slice(1)]) await stopProcess(server.child);

// ---------------------------------------------------------------- phase PG: PostgreSQL
let pgRows = null;
if (pgURL) {
  console.error("phase PG: PostgreSQL");
  const admin = new pg.Client({ connectionString: pgURL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  cleanups.push(async () => {
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });
  {
    // Migrated here, naming the schema: Kysely's migrator looks for its table across all schemas.
    const { Kysely, PostgresDialect } = await import("kysely");
    const { migrateToLatest } = await import("@gatehouse/migrations");
    const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgURL, max: 1, options: `-c search_path=${schema}` }) }) });
    await migrateToLatest(db, { migrationTableSchema: schema });
    await db.destroy();
  }
  const schemaURL = `${pgURL}${pgURL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const pgGatehouse = await startGatehouse(schemaURL);
  const pgPid = pgGatehouse.child.pid;
  const pgSession = await signUp(pgGatehouse.base, credentials);
  const pgFloorEnv = { FLOOR_PG_URL: pgURL, FLOOR_PG_SCHEMA: schema, FLOOR_JWT: pgSession.jwt, FLOOR_COOKIE: sessionCookieName };
  const pgFloor = await startFloor(pgFloorEnv);
  await checkFloorAnswers(pgGatehouse, pgFloor, pgSession.cookie);
  const pgGatehouses = await withCopies(pgGatehouse, () => startGatehouse(schemaURL));
  const pgFloors = await withCopies(pgFloor, () => startFloor(pgFloorEnv));
  const pgStartupPeak = peakRssOf(pgGatehouses);
  for (const server of pgGatehouses) resetPeakRss(server.child.pid);
  const [pgFloorRow, pgValid] = await interleaved([
    {
      name: "PostgreSQL floor: the same JOIN through pg (named statement, one pool)",
      on: onEach(pgFloors, "/floor", { cookie: pgSession.cookie }),
    },
    { name: "PostgreSQL get-session, valid cookie", on: onEach(pgGatehouses, "/api/auth/get-session", { cookie: pgSession.cookie }) },
  ]);
  const pgPeakRss = peakRssOf(pgGatehouses);
  for (const server of [...pgFloors, ...pgGatehouses.slice(1)]) await stopProcess(server.child);

  let one = null;
  let three = null;
  if (!quick) {
    console.error("phase PG×3: three processes on one PostgreSQL behind the round-robin proxy");
    // Every server may use both cores here (as three processes on one machine would); load stays on core 1.
    if (haveTaskset) execFileSync("taskset", ["-a", "-p", "-c", "0,1", String(pgPid)], { stdio: "ignore" });
    const others = [await startGatehouse(schemaURL, { core: null }), await startGatehouse(schemaURL, { core: null })];
    const proxyOne = await startProxy([pgGatehouse.port]);
    const proxyThree = await startProxy([pgGatehouse.port, ...others.map((o) => o.port)]);
    const threePids = [pgPid, ...others.map((o) => o.child.pid)];
    [one, three] = await interleaved([
      {
        name: "PostgreSQL get-session: one process behind the proxy",
        on: [{ spec: get(proxyOne.base, "/api/auth/get-session", { cookie: pgSession.cookie }), pids: [pgPid] }],
      },
      {
        name: "PostgreSQL get-session: three processes behind the proxy",
        on: [{ spec: get(proxyThree.base, "/api/auth/get-session", { cookie: pgSession.cookie }), pids: threePids }],
      },
    ]);
    for (const child of [proxyOne.child, proxyThree.child, ...others.map((o) => o.child)]) await stopProcess(child);
  }
  await stopProcess(pgGatehouse.child);
  pgRows = { floor: pgFloorRow, valid: pgValid, peakRss: pgPeakRss, startupPeak: pgStartupPeak, one, three };
} else {
  console.error("bench: no PostgreSQL URL (BENCH_PG_URL / GATEHOUSE_TEST_PG_URL): the PostgreSQL phase is skipped, and its targets fail");
}

// ---------------------------------------------------------------- phase 2, sign-in, mixed
let valid100k, floor100k, bareScrypt, signIn, mixedSession;
if (!quick) {
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
  const floor2 = await startFloor({ FLOOR_SQLITE: dbFile, FLOOR_JWT: jwt, FLOOR_COOKIE: sessionCookieName });
  console.error("phase 2: SQLite, 100 000 sessions in the database");
  [floor100k, valid100k] = await interleaved([
    { name: "floor, 100k sessions", on: onEach([floor2], "/floor", { cookie }) },
    { name: "get-session valid, 100k sessions", on: onEach([gatehouse], "/api/auth/get-session", { cookie }) },
  ]);
  await stopProcess(floor2.child);
  peakSessionRss = Math.max(peakSessionRss, rssMB(gatehousePid, "VmHWM"));

  console.error("sign-in");
  const signInSpec = {
    url: `${gatehouse.base}/api/auth/sign-in/email`,
    method: "POST",
    connections: 4,
    headers: { "content-type": "application/json", origin: gatehouse.base },
    body: JSON.stringify(credentials),
  };
  // Bare scrypt (its own process, on the server's core, the server idle) and sign-in take turns:
  // the target is their ratio. Half as many turns, twice as long, as the other scenarios (the same
  // time): a sign-in turn loses a fixed time at its edges (the load's start, the hash in progress
  // when it stops), so a longer turn loses a smaller share of it (BENCH_ROUNDS even: both orders;
  // docs/performance/runs-2026-11.md, 07:45Z).
  const signInRounds = Math.max(2, 2 * Math.round(rounds / 4));
  const signInTurnSeconds = Math.max(1, Math.round(seconds / signInRounds));
  const scryptArgs = pin(0, [process.execPath, join(here, "scrypt.mjs"), String(signInTurnSeconds), "1"]);
  const bareScryptTurn = () => JSON.parse(execFileSync(scryptArgs[0], scryptArgs[1]).toString()).rps;
  bareScryptTurn();
  await load({ ...signInSpec, duration: 2 });
  await untilIdle([gatehousePid]);
  const scryptRates = [];
  const signInTurns = [];
  // A turn's CPU is read when its load stops; the requests it left queued finish before the next turn.
  const signInTurn = async () => {
    const before = cpuMs([gatehousePid]);
    const r = await load({ ...signInSpec, duration: signInTurnSeconds });
    signInTurns.push({ ...r, cpu: cpuMs([gatehousePid]) - before });
    await untilIdle([gatehousePid]);
  };
  await inTurns(signInRounds, [() => void scryptRates.push(bareScryptTurn()), signInTurn]);
  bareScrypt = scryptRates.reduce((a, b) => a + b, 0) / signInRounds;
  signIn = rowFromTurns("sign-in (scrypt N=16384 r=16)", signInTurns, [[gatehousePid]], 1);
  console.error(`  bare scrypt: ${bareScrypt.toFixed(1)}/s`);

  console.error("get-session while sign-ins hash at full rate");
  // Another account than the turns above: their last requests may still be hashing, and the
  // per-account throttle counts an attempt from before its password check until it ends, so 4 of
  // those plus 4 new ones would pass its 5 free attempts and answer 429.
  const mixedCredentials = { email: "bench-mixed@example.com", password: credentials.password };
  await signUp(gatehouse.base, mixedCredentials);
  const mixedSeconds = Math.min(seconds, 6);
  let mixedSignIn;
  [mixedSession, mixedSignIn] = await Promise.all([
    load({ ...get(gatehouse.base, "/api/auth/get-session", { cookie }), connections: 10, duration: mixedSeconds }),
    load({ ...signInSpec, body: JSON.stringify(mixedCredentials), duration: mixedSeconds }),
  ]);
  for (const [name, r] of [
    ["get-session during sign-in load (10 conns)", mixedSession],
    ["  …sign-in alongside", mixedSignIn],
  ]) {
    rows.push({ name, rps: Math.round(r.rps), p50: r.p50, p99: r.p99, cpuPerReqUs: "-", rssMB: rssMB(gatehousePid), non2xx: r.non2xx + r.errors });
  }
}
const peakRss = rssMB(gatehousePid, "VmHWM");
const firstLoad = await measureFirstLoad(gatehouse.base);
await stopProcess(gatehouse.child);
await cleanup();

// ---------------------------------------------------------------- report
const pct1 = (a, b) => `${(Math.round((a / b) * 1000) / 10).toFixed(1)} %`;
const cpuModel = cpus()[0]?.model ?? "unknown CPU";
console.log(`\nGatehouse benchmark — ${new Date().toISOString()}, ${cpuModel}, ${cpus().length} cores, Node ${process.version}`);
console.log(
  `${turn * rounds} s per scenario (${rounds} turns of ${turn} s, alternating with the scenarios it is compared with, their order reversed every other round), ${connections} connections; get-session and its floor on ${instances} processes each, a turn each in rotation; servers on core 0, autocannon on core 1${haveTaskset ? "" : " (taskset missing: not pinned)"}${quick ? "; BENCH_QUICK" : ""}; NODE_ENV=production, request log on; run took ${Math.round((Date.now() - started) / 1000)} s\n`,
);

const ratioRows = [
  ["get-session, valid cookie (SQLite)", valid, floorSession],
  ["get-session, no cookie (SQLite)", none, floorNone],
  ["get-session, no cookie (SQLite), against the floor writing a request line (not a target)", none, floorNoneLogged],
  ...(pgRows ? [["get-session, valid cookie (PostgreSQL)", pgRows.valid, pgRows.floor]] : []),
  ...(valid100k ? [["get-session, valid cookie, 100 000 sessions (SQLite)", valid100k, floor100k]] : []),
];
// "of floor" is the target (requests per second); "CPU of floor" is the floor's server CPU per
// request over Gatehouse's: the same ratio when the server's core is the bottleneck, and the
// steadier one when the machine is shared (then req/s also depends on what else runs).
console.log("| workload | req/s | p99 ms | server CPU µs/req | floor req/s | floor CPU µs/req | of floor | CPU of floor | ceiling req/s | of ceiling |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const [name, g, f] of ratioRows) {
  console.log(
    `| ${name} | ${g.rps} | ${g.p99} | ${g.cpuPerReqUs} | ${f.rps} | ${f.cpuPerReqUs} | **${pct1(g.rps, f.rps)}** | ${pct1(f.cpuPerReqUs, g.cpuPerReqUs)} | ${bare.rps} | ${pct1(g.rps, bare.rps)} |`,
  );
}
if (signIn)
  console.log(
    `| sign-in (email and password) | ${signIn.rps} | ${signIn.p99} | ${signIn.cpuPerReqUs} | – | – | – | – | ${bareScrypt.toFixed(1)} (bare scrypt) | **${pct1(signIn.rps, bareScrypt)}** |`,
  );

if (pgRows?.one) {
  const { one, three } = pgRows;
  console.log("\nPostgreSQL, get-session with a cookie behind the round-robin proxy (servers on both cores, load on core 1):\n");
  console.log("| server processes | req/s | p50 ms | p99 ms | server CPU µs/req (all processes) | RSS MiB (all processes) |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  console.log(`| 1 | ${one.rps} | ${one.p50} | ${one.p99} | ${one.cpuPerReqUs} | ${one.rssMB} |`);
  console.log(`| 3 | ${three.rps} | ${three.p50} | ${three.p99} | ${three.cpuPerReqUs} | ${three.rssMB} |`);
}

console.log("\nEvery scenario:\n");
console.log("| scenario | req/s | p50 ms | p99 ms | CPU µs/req | RSS MiB | non-2xx |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuPerReqUs} | ${r.rssMB} | ${r.non2xx} |`);
if (!quick) console.log(`| bare scrypt, same parameters, concurrency 1 | ${bareScrypt.toFixed(1)} | | | | | |`);
console.log(
  `\nServer peak RSS under get-session load: ${peakSessionRss} MiB on SQLite${pgRows ? `, ${pgRows.peakRss} MiB on PostgreSQL` : ""}; ${peakRss} MiB on SQLite over all the load (sign-in included); during the start (not a target): ${startupPeakRss} MiB${pgRows ? ` and ${pgRows.startupPeak} MiB` : ""}.`,
);

// Every target is checked; a miss fails the run.
const targets = [
  { name: "get-session with a cookie ≥ 80 % of the floor (SQLite)", measured: pct1(valid.rps, floorSession.rps), pass: valid.rps >= 0.8 * floorSession.rps },
  { name: "get-session without a cookie ≥ 80 % of the floor (SQLite)", measured: pct1(none.rps, floorNone.rps), pass: none.rps >= 0.8 * floorNone.rps },
  {
    name: "get-session with a cookie ≥ 80 % of the floor (PostgreSQL)",
    measured: pgRows ? pct1(pgRows.valid.rps, pgRows.floor.rps) : "not run",
    pass: pgRows !== null && pgRows.valid.rps >= 0.8 * pgRows.floor.rps,
  },
  // Latency: at 50 connections on one core a p99 is queueing (the floor's own is well above 5 ms),
  // so it is held against the floor's p99 in the same run, with the room the throughput target
  // leaves (1 / 0.8); at 4 connections it is about one request's service time, held to 5 ms.
  {
    name: "get-session with a cookie p99 ≤ 1.25 × the floor's p99 at 50 connections (SQLite)",
    measured: `${valid.p99} ms (floor ${floorSession.p99} ms)`,
    pass: valid.p99 <= 1.25 * floorSession.p99,
  },
  { name: "get-session with a cookie p99 ≤ 5 ms at 4 connections (SQLite)", measured: `${validFew.p99} ms`, pass: validFew.p99 <= 5 },
  {
    name: "get-session with x-api-key ≥ 80 % of get-session with a cookie (SQLite)",
    measured: `${pct1(withKey.rps, valid.rps)} (${withKey.cpuPerReqUs} µs CPU)`,
    pass: withKey.rps >= 0.8 * valid.rps && withKey.non2xx === 0,
  },
  { name: "server peak RSS under get-session load ≤ 100 MiB (SQLite)", measured: `${peakSessionRss} MiB`, pass: peakSessionRss <= 100 },
  {
    name: "server peak RSS under get-session load ≤ 100 MiB (PostgreSQL)",
    measured: pgRows ? `${pgRows.peakRss} MiB` : "not run",
    pass: pgRows !== null && pgRows.peakRss <= 100,
  },
  {
    name: "every request of every scenario answered 2xx",
    measured: `${rows.reduce((n, r) => n + r.non2xx, 0)} not 2xx`,
    pass: rows.every((r) => r.non2xx === 0),
  },
];
if (!quick) {
  targets.push(
    { name: "sign-in ≥ 95 % of bare scrypt at the same parameters", measured: pct1(signIn.rps, bareScrypt), pass: signIn.rps >= 0.95 * bareScrypt },
    { name: "get-session p99 ≤ 25 ms while sign-ins hash at full rate", measured: `${mixedSession.p99} ms`, pass: mixedSession.p99 <= 25 },
  );
}
targets.push(
  {
    name: "/login first load ≤ 100 KB of compressed JavaScript",
    measured: `${firstLoad.jsKB} KB (${firstLoad.encodings.join(", ")}), ${firstLoad.cssKB} KB CSS, ${firstLoad.files} files`,
    pass: firstLoad.jsKB <= 100,
  },
  { name: "no source maps served", measured: firstLoad.sourceMaps ? "served" : "none", pass: !firstLoad.sourceMaps },
);
console.log("\nTargets:\n");
console.log("| target | measured | result |");
console.log("|---|---:|---|");
for (const t of targets) console.log(`| ${t.name} | ${t.measured} | ${t.pass ? "PASS" : "**FAIL**"} |`);
if (!quick && process.env.BENCH_AUDIT === "on") {
  // The audit log's analytics and events-page times on a million events, SQLite and (when a URL is set) PostgreSQL.
  execFileSync(process.execPath, [join(here, "audit-queries.mjs")], { cwd: root, stdio: "inherit" });
}
const missed = targets.filter((t) => !t.pass);
if (missed.length > 0) {
  console.error(`\nBENCH FAILED: ${missed.length} of ${targets.length} targets missed:`);
  for (const t of missed) console.error(`  ✗ ${t.name}: ${t.measured}`);
  process.exit(1);
}
console.log(`\nAll ${targets.length} targets met.`);
process.exit(0);
