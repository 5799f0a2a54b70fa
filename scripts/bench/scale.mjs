#!/usr/bin/env node
// npm run bench -- --scale [--people N] [--dialect postgres|sqlite]: the paths people wait on at
// the size of the seeded data set (npm run bench:seed), each beside its floor (scale-floor.mjs:
// the same queries by hand, no Gatehouse code), on PostgreSQL and SQLite in one run. Reads the
// seed's manifest (SCALE_DIR/scale-<people>.json); the seed must have run first.
// Servers on core 0, load on core 1 (taskset), as run.mjs. Throughput paths take turns with their
// floor (SCALE_ROUNDS turns of SCALE_TURN seconds each, the order reversed every other round);
// every request draws a random person, key or page (cold rows). Slow paths (analytics, the CSV
// export, revoke-sessions on 500 sessions) are timed one request at a time. Prints markdown tables
// and exits 1 when a target (docs/performance.md, "At a million people") is missed.
//   SCALE_TURN (default 5 s), SCALE_ROUNDS (2), SCALE_CONNECTIONS (50), SCALE_POOL (20000 draws)
//   SCALE_TIMED_RUNS (5): requests per timed path; SCALE_SWEEP_TURNS (60): load turns beside the sweep at most;
//   SCALE_SWEEP_WAIT (0: no limit): seconds the sweep may run on after the loaded turns;
//   SCALE_ONLY=instances: only the 1, 3 and 6 processes on PostgreSQL; SCALE_ONLY=sweep: only the expiry sweep (with
//   instances: both);
//   SCALE_ONLY=audit: only the audit log's paths (events pages, analytics, dashboard, the CSV export; SCALE_EXPORT=off: not it);
//   SCALE_ANALYTICS_DAYS (30,365): the analytics' spans (a request waits at most 300 s: fetch's limit);
//   SCALE_PAGES=list-sessions,members,invitations,person page,has-permission: get-session, then only those rows;
//   SCALE_PAGES=slow: get-session, then the console's searches and revoke-sessions
// Note: the clean-up scenario deletes the seed's expired rows; seed again before measuring it again.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import pg from "pg";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../server-runtime.mjs";
import { resetPeakRss, rssMB } from "./process-memory.mjs";
import { SCALE_AUTH_SECRET, SCALE_DIR, apiKey, personId, sessionToken, signedCookie, storedHash } from "./scale-data.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
const { values: args } = parseArgs({ options: { people: { type: "string", default: "1000000" }, dialect: { type: "string" }, scale: { type: "boolean" } } });
const manifestFile = join(SCALE_DIR, `scale-${args.people}.json`);
if (!existsSync(manifestFile)) {
  console.error(`bench --scale: no seeded data set for ${args.people} people (${manifestFile}); run npm run bench:seed -- --people ${args.people} first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
const { people, secret, counts } = manifest;
const TURN = Number(process.env.SCALE_TURN ?? 5);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 50);
const POOL = Number(process.env.SCALE_POOL ?? 20_000);
const TIMED_RUNS = Number(process.env.SCALE_TIMED_RUNS ?? 5);
const SWEEP_TURNS = Number(process.env.SCALE_SWEEP_TURNS ?? 60);
const SWEEP_WAIT = Number(process.env.SCALE_SWEEP_WAIT ?? 0);
const haveTaskset = existsSync("/usr/bin/taskset");
const pin = (core, argv) => (haveTaskset && core !== null ? ["taskset", ["-c", String(core), ...argv]] : [argv[0], argv.slice(1)]);
const dir = mkdtempSync(join(tmpdir(), "gatehouse-scale-"));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
const load1 = () => loadavg()[0].toFixed(1);

// ---------------------------------------------------------------- processes
let nextPort = 4600 + Math.floor(Math.random() * 80) * 10;
/** Starts a process pinned to `core` and waits for `ready` on its stdout; `onLine` sees every later line. */
async function startProcess({ argv, env, core = 0, ready = "listening", onLine }) {
  const [cmd, rest] = pin(core, argv);
  const child = spawn(cmd, rest, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${argv.join(" ")} exited ${code} before it was ready`)));
    let seen = false;
    child.stdout.on("data", (d) => {
      const text = d.toString();
      if (!seen && text.includes(ready)) {
        seen = true;
        resolve();
      }
      if (onLine && text.includes("sweep ")) for (const line of text.split("\n")) if (line.startsWith("sweep ")) onLine(line);
    });
  });
  return child;
}
async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}
function load(spec) {
  const [c, a] = pin(1, [process.execPath, join(here, spec.pool ? "scale-load.mjs" : "load.mjs"), JSON.stringify(spec)]);
  return new Promise((resolve, reject) => {
    const child = spawn(c, a, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`))));
  });
}
let poolFiles = 0;
/** A pool file of `n` requests made by `make(i)` → { path, headers }. */
function poolOf(n, make) {
  const file = join(dir, `pool-${poolFiles++}.json`);
  writeFileSync(file, JSON.stringify(Array.from({ length: n }, (_, i) => make(i))));
  return file;
}
const randomInt = (n) => Math.floor(Math.random() * n);

// ---------------------------------------------------------------- the data set's handles
const COOKIE = "gatehouse.session_token";
const cookieOf = (s) => `${COOKIE}=${encodeURIComponent(signedCookie(SCALE_AUTH_SECRET, sessionToken(secret, s)))}`;
/**
 * The people whose sessions are never drawn, set per database before its paths run: the banned
 * (0.3 %: refused on every signed-in path, 401 where the floor's reads answer too) and the person
 * revoke-sessions empties. Every draw is then a live session that answers 2xx on both sides.
 */
let undrawable = new Set();
/** Session `s` (a live one: s < liveSessions) belongs to person s mod people. */
const drawableSession = (draw) => {
  let s;
  do s = draw();
  while (undrawable.has(personId(s % people)));
  return s;
};
/** A random person's key (every second person has one), never an undrawable person's (a banned person's key is refused). */
const anyKey = () => {
  let person;
  do person = 2 * randomInt(counts.apiKeys);
  while (undrawable.has(personId(person)));
  return apiKey(secret, person);
};
/** A random live session's cookie (any person). */
const anyCookie = () => cookieOf(drawableSession(() => randomInt(counts.liveSessions)));
const bigMemberEnd = counts.bigOrganizations * counts.bigOrganizationSize;
/** A random live session of a member of a big organization (its sessions work in it). */
const bigMemberCookie = () => cookieOf(drawableSession(() => randomInt(3) * people + randomInt(bigMemberEnd)));
/** Person 0: the installation's admin and the owner of the first big organization (sessions 0, people, 2·people). */
const ownerCookie = () => cookieOf(randomInt(3) * people);
/** The person revoke-sessions gives 500 sessions and ends them all (the last one: no organization's member of note). */
const REVOKE_PERSON = people - 1;
const trpc = (procedure, input) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
const SEARCHES = ["mar", "jo", "smith", "ann", "lee", "rob", "kim", "chris", "will", "dav"];

// ---------------------------------------------------------------- measuring
const rows = [];
const targets = [];
/** Gatehouse and its floor take turns on the same random draws; returns both rows. */
async function compare(name, { gatehouse, floor, connections = CONNECTIONS, method, body, headers = {} }) {
  const sides = [
    { who: "floor", base: floor.base, pool: floor.pool },
    { who: "gatehouse", base: gatehouse.base, pool: gatehouse.pool },
  ];
  const turns = { floor: [], gatehouse: [] };
  for (const side of sides) await load({ url: side.base, pool: side.pool, connections, duration: 1, method, body, headers });
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      turns[side.who].push(await load({ url: side.base, pool: side.pool, connections, duration: TURN, method, body, headers }));
    }
  }
  const sum = (list) => {
    const requests = list.reduce((n, t) => n + t.requests, 0);
    const seconds = list.reduce((n, t) => n + t.duration, 0);
    return {
      rps: Math.round(requests / seconds),
      p50: Math.max(...list.map((t) => t.p50)),
      p99: Math.max(...list.map((t) => t.p99)),
      bad: list.reduce((n, t) => n + t.non2xx + t.errors + t.timeouts, 0),
    };
  };
  const g = sum(turns.gatehouse);
  const f = sum(turns.floor);
  const row = { name, g, f, load: load1() };
  rows.push(row);
  console.error(`  ${name}: ${g.rps} req/s (p99 ${g.p99} ms) against the floor's ${f.rps} (p99 ${f.p99} ms); load ${row.load}`);
  return row;
}
/** One request at a time, `runs` times: the time of each (ms), and what `after` says of the answer. */
async function timed(url, { runs = TIMED_RUNS, headers, method = "GET", body, prepare } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const extra = prepare ? await prepare(i) : {};
    const started = performance.now();
    const r = await fetch(url, { method, headers: { ...headers, ...extra.headers }, body });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[Math.floor(times.length / 2)]), max: Math.round(times[times.length - 1]) };
}
function target(name, measured, pass) {
  targets.push({ name, measured, pass });
}
const pct = (a, b) => `${((a / b) * 100).toFixed(1)} %`;

/** The ids of the banned people of the data set (the seed bans 0.3 % at random). */
async function bannedPeople(dialect, info) {
  const text = `select id from "user" where banned = 1`;
  if (dialect === "sqlite") {
    const db = new SQLite(info.file, { readonly: true });
    const ids = db.prepare(text).pluck().all();
    db.close();
    return new Set(ids);
  }
  const client = new pg.Client({ connectionString: info.url, options: `-c search_path=${info.schema}` });
  await client.connect();
  const { rows } = await client.query(text);
  await client.end();
  return new Set(rows.map((row) => row.id));
}

// ---------------------------------------------------------------- one dialect
async function runDialect(dialect) {
  const label = dialect === "postgres" ? "PostgreSQL" : "SQLite";
  const info = manifest[dialect];
  console.error(`\n${label}: ${people.toLocaleString("en")} people (${info.size}), seeded ${info.seededAt}`);
  const databaseURL =
    dialect === "postgres"
      ? `${info.url}${info.url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${info.schema}`)}`
      : `file:${info.file}`;
  undrawable = new Set([...(await bannedPeople(dialect, info)), personId(REVOKE_PERSON)]);
  if (process.env.SCALE_ONLY === "instances") {
    if (dialect === "postgres") await manyProcesses(databaseURL, info);
    return [];
  }
  const sweeps = [];
  const port = nextPort++;
  const gBase = `http://127.0.0.1:${port}`;
  const server = await startProcess({
    argv: [process.execPath, ...SERVER_NODE_FLAGS, join(root, "server/dist/bench-server.js")],
    env: {
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: gBase,
      DATABASE_URL: databaseURL,
      AUTH_SECRET: SCALE_AUTH_SECRET,
      RATE_LIMIT: "off",
      API_KEY_RATE_LIMIT: "off",
      DATA_DIR: dir,
    },
    onLine: (line) => sweeps.push(line),
  });
  const jwt = (await fetch(`${gBase}/api/auth/get-session`, { headers: { cookie: cookieOf(0) } })).headers.get("set-auth-jwt") ?? "";
  const fPort = nextPort++;
  const fBase = `http://127.0.0.1:${fPort}`;
  const floorEnv = dialect === "postgres" ? { FLOOR_PG_URL: info.url, FLOOR_PG_SCHEMA: info.schema } : { FLOOR_SQLITE: info.file };
  const floor = await startProcess({
    argv: [process.execPath, join(here, "floor-server.mjs")],
    env: { ...floorEnv, FLOOR_SCALE: "1", FLOOR_SIGN_JWT: "1", FLOOR_JWT: jwt, FLOOR_COOKIE: COOKIE, PORT: String(fPort) },
  });
  /** Both sides' pools from one list of draws: make(i) → { g: {path, headers}, f: {path, headers} }. */
  const pair = (make) => {
    const draws = Array.from({ length: POOL }, (_, i) => make(i));
    return {
      gatehouse: { base: gBase, pool: poolOf(POOL, (i) => draws[i].g) },
      floor: { base: fBase, pool: poolOf(POOL, (i) => draws[i].f) },
    };
  };
  const same = (gPath, fPath, headers) => ({ g: { path: gPath, headers }, f: { path: fPath, headers } });
  const D = `(${label})`;

  // Paths that read a little more than one row: ≥ 80 % of the same queries by hand (10 connections).
  const ratioRow = async (name, make) => {
    const row = await compare(`${name} ${D}`, { ...pair(make), connections: 10 });
    target(
      `${name} ≥ 80 % of the floor ${D}`,
      `${pct(row.g.rps, row.f.rps)} (${row.g.rps} / ${row.f.rps} req/s, p99 ${row.g.p99} / ${row.f.p99} ms)`,
      row.g.rps >= 0.8 * row.f.rps && row.g.bad === 0,
    );
  };
  // Slow paths one request at a time. One untimed request a side first, so that neither side's
  // timed requests find the rows the other side's just read in the cache (the floor went second
  // and met a warm cache every time); then Gatehouse's runs and the floor's.
  const slow = [];
  const timedPair = async (name, gPath, fPath, { headers, limitMs }) => {
    await timed(`${gBase}${gPath}`, { headers, runs: 1 });
    await timed(`${fBase}${fPath}`, { headers, runs: 1 });
    const g = await timed(`${gBase}${gPath}`, { headers });
    const f = await timed(`${fBase}${fPath}`, { headers });
    slow.push({ name: `${name} ${D}`, g, f, load: load1() });
    console.error(`  ${name}: ${g.p50} ms (max ${g.max}) against the floor's ${f.p50} ms (max ${f.max}); load ${load1()}`);
    target(
      `${name}: ≤ 1.25 × the floor's and ≤ ${limitMs} ms ${D}`,
      `${g.max} ms (floor ${f.max} ms)`,
      g.max <= Math.max(1.25 * f.max, f.max + 5) && g.max <= limitMs,
    );
  };
  const admin = { cookie: ownerCookie() };

  // The audit log's paths (SCALE_ONLY=audit runs them alone): the events pages, the analytics and
  // the dashboard of person 0 (the first big organization's owner), the export of that organization's log.
  const auditRatioPaths = [
    ["audit: a person's events page", () => same(trpc("audit.events", { scope: "self" }), "/floor/audit-events?scope=self", { cookie: anyCookie() })],
    [
      "audit: the organization's events page (owner)",
      () => same(trpc("audit.events", { scope: "organization" }), "/floor/audit-events?scope=organization", { cookie: ownerCookie() }),
    ],
  ];
  const auditTimed = async () => {
    const now = Date.now();
    for (const days of (process.env.SCALE_ANALYTICS_DAYS ?? "30,365").split(",").map(Number)) {
      const range = { from: { $date: new Date(now - days * 86_400_000).toISOString() }, to: { $date: new Date(now).toISOString() } };
      const limit = days === 30 ? 1000 : 5000;
      await timedPair(
        `audit analytics, organization, ${days} days`,
        trpc("audit.analytics", { scope: "organization", ...range }),
        `/floor/analytics?scope=organization&days=${days}`,
        { headers: admin, limitMs: limit },
      );
      await timedPair(
        `audit analytics, a person, ${days} days`,
        trpc("audit.analytics", { scope: "self", ...range }),
        `/floor/analytics?scope=self&days=${days}`,
        { headers: admin, limitMs: 250 },
      );
    }
    await timedPair("audit dashboard (overview), organization owner", trpc("audit.overview", {}), "/floor/overview", { headers: admin, limitMs: 1000 });
  };
  // The CSV export of the first big organization's log: rows, time, the server's peak RSS.
  const auditExport = async () => {
    resetPeakRss(server.pid, "bench --scale");
    const before = rssMB(server.pid);
    const started = performance.now();
    const r = await fetch(`${gBase}/api/reports/events.csv?scope=organization`, { headers: { cookie: cookieOf(0) } });
    let lines = 0;
    let bytes = 0;
    for await (const chunk of r.body) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = rssMB(server.pid, "VmHWM");
    const exported = { rows: lines - 1, seconds: Math.round(seconds * 10) / 10, mb: Math.round(bytes / 2 ** 20), rssBefore: before, peak, load: load1() };
    console.error(
      `  CSV export: ${exported.rows.toLocaleString("en")} rows, ${exported.mb} MiB in ${exported.seconds} s; server RSS ${before} → peak ${peak} MiB`,
    );
    slow.push({
      name: `CSV export of the organization's log, ${exported.rows.toLocaleString("en")} rows ${D}`,
      g: { p50: Math.round(seconds * 1000), max: Math.round(seconds * 1000) },
      f: null,
      load: exported.load,
      note: `${Math.round(exported.rows / seconds).toLocaleString("en")} rows/s, peak RSS ${peak} MiB`,
    });
    target(`CSV export streams with peak RSS < 150 MiB ${D}`, `${peak} MiB over ${exported.rows.toLocaleString("en")} rows`, peak < 150 && r.ok);
  };
  const only = (process.env.SCALE_ONLY ?? "").split(",").filter(Boolean);
  if (only.length > 0 && only.every((part) => part === "audit")) {
    for (const [name, make] of auditRatioPaths) await ratioRow(name, make);
    await auditTimed();
    if (process.env.SCALE_EXPORT !== "off") await auditExport();
    await stopProcess(floor);
    await stopProcess(server);
    return slow;
  }

  if (only.length === 0 || only.includes("get-session") || only.includes("pages")) {
    // get-session: a random one of the live sessions; a random person's key.
    const cookieRow = await compare(
      `get-session, cookie, random of ${counts.liveSessions.toLocaleString("en")} ${D}`,
      pair(() => same("/api/auth/get-session", "/floor", { cookie: anyCookie() })),
    );
    target(
      `get-session with a cookie ≥ 80 % of the floor ${D}`,
      pct(cookieRow.g.rps, cookieRow.f.rps),
      cookieRow.g.rps >= 0.8 * cookieRow.f.rps && cookieRow.g.bad === 0,
    );
    target(
      `get-session with a cookie p99 ≤ 1.25 × the floor's ${D}`,
      `${cookieRow.g.p99} ms (floor ${cookieRow.f.p99} ms)`,
      cookieRow.g.p99 <= 1.25 * cookieRow.f.p99,
    );
    const keyRow = await compare(
      `get-session, x-api-key, random of ${counts.apiKeys.toLocaleString("en")} ${D}`,
      pair(() => same("/api/auth/get-session", "/floor-key", { "x-api-key": anyKey() })),
    );
    target(`get-session with x-api-key ≥ 80 % of the floor ${D}`, pct(keyRow.g.rps, keyRow.f.rps), keyRow.g.rps >= 0.8 * keyRow.f.rps && keyRow.g.bad === 0);
    // Keys in steady use (a script calling with its key): 1,000 keys, each used once just before
    // (its day's row and lastRequest written), so the turns that follow within the minute write
    // nothing. The row above is every request a key's first use of the day (one write each).
    const inUse = Array.from({ length: 1000 }, anyKey);
    for (let i = 0; i < inUse.length; i += 20) {
      await Promise.all(
        inUse.slice(i, i + 20).map(async (key) => (await fetch(`${gBase}/api/auth/get-session`, { headers: { "x-api-key": key } })).arrayBuffer()),
      );
    }
    const inUseRow = await compare(
      `get-session, x-api-key, 1,000 keys in use (used within the minute) ${D}`,
      pair(() => same("/api/auth/get-session", "/floor-key", { "x-api-key": inUse[randomInt(inUse.length)] })),
    );
    target(
      `get-session with a key in use ≥ 80 % of the floor ${D}`,
      pct(inUseRow.g.rps, inUseRow.f.rps),
      inUseRow.g.rps >= 0.8 * inUseRow.f.rps && inUseRow.g.bad === 0,
    );
  }

  if (only.length > 0 && !only.includes("pages")) {
    if (only.includes("sweep")) sweepRows.push(await sweepBeside(server, gBase, sweeps, D, dialect));
    await stopProcess(floor);
    await stopProcess(server);
    if (only.includes("instances") && dialect === "postgres") await manyProcesses(databaseURL, info);
    return [];
  }
  const ratioPaths = [
    ["list-sessions (3 live sessions a person)", () => same("/api/auth/list-sessions", "/floor/list-sessions", { cookie: anyCookie() })],
    [
      "organization of 50,000: members page (100, random page)",
      () => {
        const offset = 100 * randomInt(counts.bigOrganizationSize / 100);
        return same(`/api/auth/organization/list-members?limit=100&offset=${offset}`, `/floor/members?offset=${offset}`, { cookie: bigMemberCookie() });
      },
    ],
    [
      `organization of 50,000: invitations (${Math.ceil(counts.bigOrganizationSize / 25)})`,
      () => same("/api/auth/organization/list-invitations", "/floor/invitations", { cookie: bigMemberCookie() }),
    ],
    [
      "admin console: person page",
      () => {
        const id = personId(randomInt(people));
        return same(trpc("admin.person", { userId: id }), `/floor/person?id=${id}`, { cookie: ownerCookie() });
      },
    ],
  ];
  // SCALE_PAGES=list-sessions,members,invitations,person page,has-permission: only the rows whose
  // names hold one of these words (after get-session), then stop: no slow paths, no export, no sweep.
  const pages = (process.env.SCALE_PAGES ?? "").split(",").filter(Boolean);
  // SCALE_PAGES=slow: none of those rows; the console's searches and revoke-sessions alone (no audit paths).
  const slowOnly = pages.length === 1 && pages[0] === "slow";
  const picked = (name) => !slowOnly && (pages.length === 0 || pages.some((word) => name.includes(word)));
  for (const [name, make] of [...ratioPaths, ...auditRatioPaths]) if (picked(name)) await ratioRow(name, make);
  if (picked("has-permission")) {
    const row = await compare(`organization of 50,000: has-permission ${D}`, {
      ...pair(() =>
        same("/api/auth/organization/has-permission", "/floor/has-permission", {
          cookie: bigMemberCookie(),
          "content-type": "application/json",
          origin: gBase,
        }),
      ),
      method: "POST",
      body: JSON.stringify({ permissions: { member: ["create"] } }),
    });
    target(`has-permission ≥ 80 % of the floor ${D}`, pct(row.g.rps, row.f.rps), row.g.rps >= 0.8 * row.f.rps && row.g.bad === 0);
  }
  if (pages.length > 0 && !slowOnly) {
    await stopProcess(floor);
    await stopProcess(server);
    return [];
  }
  // People search: one request at a time (each scans), Gatehouse then floor.
  const search = SEARCHES[randomInt(SEARCHES.length)];
  await timedPair(`admin console: people search "${search}"`, trpc("admin.users", { search, limit: 20 }), `/floor/users?search=${search}`, {
    headers: admin,
    limitMs: 500,
  });
  await timedPair("admin console: banned people", trpc("admin.users", { filter: "banned", limit: 20 }), "/floor/users?filter=banned", {
    headers: admin,
    limitMs: 500,
  });
  const deep = Math.floor(people / 2);
  await timedPair(
    `admin console: people page at offset ${deep.toLocaleString("en")}`,
    trpc("admin.users", { limit: 20, offset: deep }),
    `/floor/users?offset=${deep}`,
    { headers: admin, limitMs: 500 },
  );
  if (!slowOnly) await auditTimed();

  // revoke-sessions for a person with 500 sessions: the bench writes 500 sessions, then one request ends them; the floor's DELETE by hand.
  const db = dialect === "postgres" ? new pg.Pool({ connectionString: info.url, max: 2, options: `-c search_path=${info.schema}` }) : new SQLite(info.file);
  const exec = async (text, values = []) => {
    if (dialect === "sqlite") return db.prepare(text).run(values);
    let n = 0;
    return db.query(
      text.replace(/\?/g, () => `$${++n}`),
      values,
    );
  };
  const revokeWho = personId(REVOKE_PERSON);
  const give500 = async (run) => {
    const stamp = new Date().toISOString();
    const later = new Date(Date.now() + 6 * 86_400_000).toISOString();
    const tokens = Array.from({ length: 500 }, (_, k) => `revoke${run}x${k}x${Date.now()}`.padEnd(32, "r"));
    for (let k = 0; k < 500; k += 100) {
      const batch = tokens.slice(k, k + 100);
      await exec(
        `insert into session (id, "tokenHash", "userId", "expiresAt", "rememberMe", "createdAt", "updatedAt") values ${batch.map(() => "(?, ?, ?, ?, 1, ?, ?)").join(", ")}`,
        batch.flatMap((t) => [`rv-${t}`, storedHash(t), revokeWho, later, stamp, stamp]),
      );
    }
    return tokens[0];
  };
  const revokeTimes = [];
  const floorTimes = [];
  for (let run = 0; run < TIMED_RUNS; run++) {
    const token = await give500(run);
    const cookie = `${COOKIE}=${encodeURIComponent(signedCookie(SCALE_AUTH_SECRET, token))}`;
    let started = performance.now();
    const r = await fetch(`${gBase}/api/auth/revoke-sessions`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: gBase },
      body: "{}",
    });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`revoke-sessions: ${r.status}`);
    revokeTimes.push(performance.now() - started);
    await give500(`f${run}`);
    started = performance.now();
    await exec(`delete from session where "userId" = ?`, [revokeWho]);
    floorTimes.push(performance.now() - started);
  }
  const worst = (xs) => Math.round(Math.max(...xs));
  slow.push({
    name: `revoke-sessions, 500 sessions ${D}`,
    g: { p50: Math.round(revokeTimes.sort((a, b) => a - b)[2] ?? revokeTimes[0]), max: worst(revokeTimes) },
    f: { p50: Math.round(floorTimes.sort((a, b) => a - b)[2] ?? floorTimes[0]), max: worst(floorTimes) },
    load: load1(),
  });
  target(`revoke-sessions, 500 sessions ≤ 250 ms ${D}`, `${worst(revokeTimes)} ms (the DELETE by hand ${worst(floorTimes)} ms)`, worst(revokeTimes) <= 250);
  if (dialect === "postgres") await db.end();
  else db.close();
  if (slowOnly) {
    await stopProcess(floor);
    await stopProcess(server);
    return slow;
  }

  await auditExport();

  // The expiry sweep beside get-session load. Only in a full run: it deletes the seed's expired
  // rows (SCALE_ONLY=sweep measures it alone).
  if (only.length === 0) slow.push(await sweepBeside(server, gBase, sweeps, D, dialect));
  await stopProcess(floor);
  await stopProcess(server);
  if (dialect === "postgres") await manyProcesses(databaseURL, info);
  return slow;
}

/** Expired sessions left (those ended by `at`), counted through session_expiresAt_idx. */
async function expiredSessionsLeft(dialect, at) {
  const info = manifest[dialect];
  if (dialect === "sqlite") {
    const db = new SQLite(info.file, { readonly: true });
    try {
      return db.prepare("select count(*) as n from session where expiresAt <= ?").get(at).n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: info.url });
  await client.connect();
  try {
    return Number((await client.query(`select count(*) as n from "${info.schema}".session where "expiresAt" <= $1`, [at])).rows[0].n);
  } finally {
    await client.end();
  }
}

/**
 * The expiry sweep beside get-session load (10 connections, random cookies): a turn to warm up,
 * three turns without it, then SIGUSR2 starts the server's sweep and turns run until it ends (at most
 * SCALE_SWEEP_TURNS; the rest of a long sweep runs on an idle server). The figures of the loaded
 * part are printed as soon as it ends (sessions removed meanwhile counted in the database); a
 * sweep still running SCALE_SWEEP_WAIT s later (0: no limit) is reported as unfinished, with the
 * sessions it removed, and the server stopped. The target compares the median turn's p99 beside
 * the sweep with the median before it; the worst turn is printed too.
 */
async function sweepBeside(server, gBase, sweeps, D, dialect) {
  const spec = { url: gBase, pool: poolOf(POOL, () => ({ path: "/api/auth/get-session", headers: { cookie: anyCookie() } })), connections: 10, duration: TURN };
  const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
  const rps = (list) =>
    Math.round(
      list.reduce((n, t) => n + t.requests, 0) /
        Math.max(
          1,
          list.reduce((n, t) => n + t.duration, 0),
        ),
    );
  const at = new Date().toISOString();
  const leftAtStart = await expiredSessionsLeft(dialect, at);
  // One turn unmeasured first: a server just started reads its pages from disk (at 1,000,000 people
  // on SQLite the first turns ran at a quarter of the later rate), which would flatter the sweep.
  await load(spec);
  const before = [];
  for (let i = 0; i < 3; i++) before.push(await load(spec));
  const loadBefore = load1();
  sweeps.length = 0;
  server.kill("SIGUSR2");
  const started = performance.now();
  const beside = [];
  while (sweeps.length === 0 && beside.length < SWEEP_TURNS) beside.push(await load(spec));
  const loadBeside = load1();
  const loadedMs = performance.now() - started;
  const p99Before = median(before.map((t) => t.p99));
  const p99Beside = beside.length > 0 ? median(beside.map((t) => t.p99)) : p99Before;
  const worst = Math.max(...beside.map((t) => t.p99), 0);
  const underLoad = sweeps.length === 0 ? leftAtStart - (await expiredSessionsLeft(dialect, at)) : null;
  const loaded =
    `beside load for the first ${Math.round(loadedMs / 1000)} s (${beside.length} turns): get-session ${rps(before)} → ${rps(beside)} req/s, ` +
    `p99 ${p99Before} → ${p99Beside} ms (worst turn ${worst} ms)` +
    (underLoad === null
      ? ""
      : `, ${underLoad.toLocaleString("en")} sessions removed meanwhile (${Math.round(underLoad / (loadedMs / 1000)).toLocaleString("en")} a second)`);
  console.error(
    `  expiry sweep ${D}, ${leftAtStart.toLocaleString("en")} expired sessions at the start: ${loaded}; load ${loadBefore} before, ${loadBeside} beside`,
  );
  target(
    `get-session p99 beside the expiry sweep ≤ 1.2 × without ${D}`,
    `${p99Beside} ms (without: ${p99Before} ms)`,
    p99Beside <= Math.max(1.2 * p99Before, p99Before + 2),
  );
  const deadline = SWEEP_WAIT > 0 ? performance.now() + SWEEP_WAIT * 1000 : Infinity;
  while (sweeps.length === 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
  const sweptMs = Math.round(performance.now() - started);
  let note;
  if (sweeps.length === 0) {
    const removed = leftAtStart - (await expiredSessionsLeft(dialect, at));
    const alone = underLoad === null ? null : (removed - underLoad) / ((sweptMs - loadedMs) / 1000);
    note =
      `unfinished after ${Math.round(sweptMs / 1000)} s: ${removed.toLocaleString("en")} sessions removed (${Math.round(removed / (sweptMs / 1000)).toLocaleString("en")} a second` +
      (alone === null ? ")" : `; ${Math.round(alone).toLocaleString("en")} a second with no load)`) +
      `; ${loaded}`;
  } else {
    const done = JSON.parse(sweeps[0].replace(/^sweep (done|failed) /, ""));
    if (typeof done !== "object") throw new Error(`the sweep failed: ${done}`);
    const removed = Object.entries(done)
      .filter(([k]) => k !== "ms")
      .reduce((n, [, v]) => n + v, 0);
    note =
      `${removed.toLocaleString("en")} rows (sessions ${done.sessions.toLocaleString("en")}, audit ${done.securityEvents.toLocaleString("en")}) in ${Math.round(done.ms / 1000)} s, ` +
      `${Math.round(removed / (done.ms / 1000)).toLocaleString("en")} rows/s; ${loaded}`;
  }
  console.error(`  expiry sweep ${D}: ${note}; load ${load1()} at the end`);
  return { name: `expiry sweep beside get-session load (10 connections) ${D}`, g: { p50: p99Before, max: p99Beside }, f: null, load: loadBeside, note };
}

/** CPU time (ms) of every process named `name` so far, with their ended children (PostgreSQL's backends: where the database's share shows). */
function cpuOfNamed(name) {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== name) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      // utime + stime, and cutime + cstime: the postmaster's holds its exited children's (a
      // backend or worker that ends during the turn would otherwise take its CPU with it).
      total += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * 1, 3 and 6 server processes on one PostgreSQL behind the round-robin proxy (servers and
 * PostgreSQL on both cores, the load on core 1), each with the pool that fits max_connections
 * (at most 10, leaving 20 for the floor, migrations and administration): get-session with random
 * cookies, and how much of each request's CPU is PostgreSQL's.
 */
async function manyProcesses(databaseURL, info) {
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  const maxConnections = Number((await admin.query("show max_connections")).rows[0].max_connections);
  await admin.end();
  const pool = poolOf(POOL, () => ({ path: "/api/auth/get-session", headers: { cookie: anyCookie() } }));
  for (const n of [1, 3, 6]) {
    const poolSize = Math.max(1, Math.min(10, Math.floor((maxConnections - 20) / n)));
    const servers = [];
    for (let i = 0; i < n; i++) {
      const port = nextPort++;
      servers.push({
        port,
        child: await startProcess({
          core: null,
          argv: [process.execPath, ...SERVER_NODE_FLAGS, join(root, "server/dist/bench-server.js")],
          env: {
            ...SERVER_ENV,
            NODE_ENV: "production",
            PORT: String(port),
            BASE_URL: `http://127.0.0.1:${port}`,
            DATABASE_URL: databaseURL,
            DATABASE_POOL_SIZE: String(poolSize),
            AUTH_SECRET: SCALE_AUTH_SECRET,
            RATE_LIMIT: "off",
            API_KEY_RATE_LIMIT: "off",
            DATA_DIR: dir,
          },
        }),
      });
    }
    const proxyPort = nextPort++;
    const proxy = await startProcess({
      core: null,
      argv: [process.execPath, "--import", "tsx", join(here, "proxy.mjs"), String(proxyPort), servers.map((s) => s.port).join(",")],
      ready: "proxy listening",
    });
    const spec = { url: `http://127.0.0.1:${proxyPort}`, pool, connections: CONNECTIONS, duration: TURN };
    await load({ ...spec, duration: 1 });
    const pgBefore = cpuOfNamed("postgres");
    const r = await load(spec);
    const pgMs = cpuOfNamed("postgres") - pgBefore;
    const row = {
      n,
      poolSize,
      connections: n * poolSize,
      maxConnections,
      rps: Math.round(r.rps),
      p99: r.p99,
      bad: r.non2xx + r.errors + r.timeouts,
      pgUsPerRequest: Math.round((pgMs * 1000) / Math.max(1, r.requests)),
      load: load1(),
    };
    instanceRows.push(row);
    console.error(
      `  ${n} processes (pool ${poolSize} each, ${row.connections} of ${maxConnections} connections): ${row.rps} req/s, p99 ${row.p99} ms, PostgreSQL ${row.pgUsPerRequest} µs CPU a request; load ${row.load}`,
    );
    await stopProcess(proxy);
    for (const s of servers) await stopProcess(s.child);
  }
}
const instanceRows = [];
const sweepRows = [];

// ---------------------------------------------------------------- run
execFileSync("npx", ["tsc", "-b"], { cwd: root, stdio: "inherit" });
const { bundleServer } = await import("../bundle-server.mjs");
await bundleServer({ entry: join(here, "bench-server.mjs"), outfile: join(root, "server/dist/bench-server.js") });
const dialects = args.dialect ? [args.dialect] : ["postgres", "sqlite"].filter((d) => manifest[d]);
const slowRows = [];
const started = Date.now();
for (const dialect of dialects) slowRows.push(...(await runDialect(dialect)));
slowRows.push(...sweepRows);

console.log(
  `\nGatehouse at scale — ${new Date().toISOString()}, ${cpus()[0]?.model ?? "CPU"}, ${cpus().length} cores, Node ${process.version}; ${people.toLocaleString("en")} people; turns ${ROUNDS} × ${TURN} s a side; run took ${Math.round((Date.now() - started) / 1000)} s\n`,
);
console.log("| path | Gatehouse req/s | p99 ms | floor req/s | floor p99 ms | of floor | load avg |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.name} | ${r.g.rps} | ${r.g.p99} | ${r.f.rps} | ${r.f.p99} | **${pct(r.g.rps, r.f.rps)}** | ${r.load} |`);
console.log("\n| path (one request at a time) | Gatehouse p50 ms | max ms | floor p50 ms | floor max ms | note | load avg |");
console.log("|---|---:|---:|---:|---:|---|---:|");
for (const r of slowRows) console.log(`| ${r.name} | ${r.g.p50} | ${r.g.max} | ${r.f?.p50 ?? "–"} | ${r.f?.max ?? "–"} | ${r.note ?? ""} | ${r.load} |`);
if (instanceRows.length > 0) {
  console.log("\nPostgreSQL, get-session with random cookies behind the round-robin proxy (servers and PostgreSQL on both cores, load on core 1):\n");
  console.log("| processes | pool each | connections (of max) | req/s | p99 ms | PostgreSQL CPU µs a request | non-2xx | load avg |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of instanceRows)
    console.log(`| ${r.n} | ${r.poolSize} | ${r.connections} (${r.maxConnections}) | ${r.rps} | ${r.p99} | ${r.pgUsPerRequest} | ${r.bad} | ${r.load} |`);
}
console.log("\nTargets:\n\n| target | measured | result |\n|---|---:|---|");
for (const t of targets) console.log(`| ${t.name} | ${t.measured} | ${t.pass ? "PASS" : "**FAIL**"} |`);
const missed = targets.filter((t) => !t.pass);
if (missed.length > 0) {
  console.error(`\nBENCH --scale: ${missed.length} of ${targets.length} targets missed`);
  process.exit(1);
}
console.log(`\nAll ${targets.length} targets met.`);
process.exit(0);
