#!/usr/bin/env node
// The audit log's queries on a large log: seeds AUDIT_BENCH_EVENTS events (default
// 1 000 000) into SQLite and, when a PostgreSQL URL is given (GATEHOUSE_BENCH_PG_URL, else
// GATEHOUSE_TEST_PG_URL), into a throwaway schema there; then times the server's analytics and
// events-page calls (median of AUDIT_BENCH_RUNS, default 5) and prints one table.
// Runs the built packages (npm run build or tsc -b first); run.mjs calls it when BENCH_AUDIT=1.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { createAuth, silentLogger } from "@gatehouse/auth-core";
import { migrateToLatest } from "@gatehouse/migrations";
import { createProduct } from "@gatehouse/server";

const EVENTS = Number(process.env.AUDIT_BENCH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.AUDIT_BENCH_RUNS ?? 5);
const USERS = Math.max(10, Math.min(5_000, Math.floor(EVENTS / 200)));
const MEMBERS = Math.max(5, Math.floor(USERS / 10)); // the first tenth of the users belong to the organization
const ORG = "bench-org";
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 25);
const START = END - 365 * DAY;
const TYPES = ["sign-in", "sign-in", "sign-in", "sign-in", "sign-in", "sign-in", "sign-out", "session-revoked", "sign-up", "password-changed"];
const METHODS = ["password", "passkey", "google", "github", "anonymous"];

/** A deterministic generator, so both databases hold the same log. */
function* rows() {
  // mulberry32: 32-bit integer arithmetic only, so no precision is lost on the way.
  let seed = 42;
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < EVENTS; i++) {
    const user = Math.floor(next() * USERS);
    const type = TYPES[Math.floor(next() * TYPES.length)];
    const orgRow = user < MEMBERS && next() < 0.05;
    yield [
      `ev-${String(i).padStart(8, "0")}`,
      `bench-user-${user}`,
      orgRow ? "member-invited" : type,
      next() < 0.1 ? "failure" : "success",
      type === "sign-in" || type === "sign-up" ? METHODS[Math.floor(next() * METHODS.length)] : null,
      orgRow ? ORG : null,
      new Date(START + Math.floor(next() * 365 * DAY)).toISOString(),
    ];
  }
}

const iso = (ms) => new Date(ms).toISOString();

async function seedSQLite(file) {
  const db = new SQLite(file);
  const created = iso(START - DAY);
  const user = db.prepare(`insert into "user" (id, name, email, emailVerified, image, isAnonymous, createdAt, updatedAt) values (?, ?, ?, 1, null, 0, ?, ?)`);
  const member = db.prepare(`insert into member (id, organizationId, userId, role, createdAt) values (?, ?, ?, ?, ?)`);
  const event = db.prepare(
    `insert into "securityEvent" (id, userId, type, outcome, method, organizationId, requestId, ipAddress, userAgent, detail, createdAt) values (?, ?, ?, ?, ?, ?, null, '203.0.113.1', 'bench', null, ?)`,
  );
  db.transaction(() => {
    db.prepare(`insert into organization (id, name, slug, logo, metadata, plan, createdAt) values (?, 'Bench', 'bench', null, null, 'business', ?)`).run(
      ORG,
      created,
    );
    for (let u = 0; u < USERS; u++) user.run(`bench-user-${u}`, `Bench ${u}`, `bench${u}@example.com`, created, created);
    for (let u = 0; u < MEMBERS; u++) member.run(`bench-member-${u}`, ORG, `bench-user-${u}`, u === 0 ? "owner" : "member", created);
    for (const row of rows()) event.run(...row);
  })();
  db.exec("analyze");
  db.close();
}

async function seedPostgres(pool) {
  const created = iso(START - DAY);
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into organization (id, name, slug, logo, metadata, plan, "createdAt") values ($1, 'Bench', 'bench', null, null, 'business', $2)`,
      [ORG, created],
    );
    const ids = Array.from({ length: USERS }, (_, u) => u);
    await client.query(
      `insert into "user" (id, name, email, "emailVerified", image, "isAnonymous", "createdAt", "updatedAt")
       select 'bench-user-' || u, 'Bench ' || u, 'bench' || u || '@example.com', 1, null, 0, $2, $2 from unnest($1::int[]) as u`,
      [ids, created],
    );
    await client.query(
      `insert into member (id, "organizationId", "userId", role, "createdAt")
       select 'bench-member-' || u, $2, 'bench-user-' || u, case when u = 0 then 'owner' else 'member' end, $3 from unnest($1::int[]) as u`,
      [ids.slice(0, MEMBERS), ORG, created],
    );
    let batch = [[], [], [], [], [], [], []];
    const flush = async () => {
      if (batch[0].length === 0) return;
      await client.query(
        `insert into "securityEvent" (id, "userId", type, outcome, method, "organizationId", "requestId", "ipAddress", "userAgent", detail, "createdAt")
         select id, u, t, o, m, org, null, '203.0.113.1', 'bench', null, at
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as x(id, u, t, o, m, org, at)`,
        batch,
      );
      batch = [[], [], [], [], [], [], []];
    };
    for (const row of rows()) {
      row.forEach((value, i) => batch[i].push(value));
      if (batch[0].length >= 20_000) await flush();
    }
    await flush();
    await client.query("commit");
    await client.query(`analyze`);
  } finally {
    client.release();
  }
}

async function time(fn) {
  const samples = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)], result };
}

async function measure(name, database) {
  const auth = createAuth({ database, baseURL: "http://localhost:3000", secret: "b".repeat(40), logger: silentLogger, clock: { now: () => new Date(END) } });
  // The audit log's reads are the server's product (server/src/product/audit/), over the same database.
  const { audit } = createProduct(auth);
  const owner = { userId: "bench-user-0", activeOrganizationId: ORG };
  const person = { userId: `bench-user-${MEMBERS + 1}`, activeOrganizationId: null };
  const from30 = new Date(END - 30 * DAY);
  const from365 = new Date(END - 365 * DAY);
  const to = new Date(END);
  const out = [];
  const add = async (label, fn, count) => {
    const { ms, result } = await time(fn);
    out.push({ database: name, label, ms: ms.toFixed(1), rows: count(result) });
  };
  const signIns = (a) => a.totals.signIns + a.totals.failures;
  await add("analytics, organization, 30 days", () => audit.analytics(owner, { scope: "organization", from: from30, to }), signIns);
  await add("analytics, organization, 365 days", () => audit.analytics(owner, { scope: "organization", from: from365, to }), signIns);
  await add("analytics, one person, 365 days", () => audit.analytics(person, { scope: "self", from: from365, to }), signIns);
  const first = await audit.events(owner, { scope: "organization", limit: 25 });
  await add(
    "events page 1, organization",
    () => audit.events(owner, { scope: "organization", limit: 25 }),
    (p) => p.items.length,
  );
  await add(
    "events page 2, organization",
    () => audit.events(owner, { scope: "organization", limit: 25, cursor: first.nextCursor }),
    (p) => p.items.length,
  );
  await add(
    "events, organization, failed sign-ins",
    () => audit.events(owner, { scope: "organization", types: ["sign-in"], outcome: "failure", limit: 25 }),
    (p) => p.items.length,
  );
  await add(
    "events page 1, one person",
    () => audit.events(person, { scope: "self", limit: 25 }),
    (p) => p.items.length,
  );
  await add(
    "overview, one person",
    () => audit.overview(person),
    (o) => o.recent.length,
  );
  return out;
}

const results = [];
const dir = mkdtempSync(join(tmpdir(), "gatehouse-audit-bench-"));
try {
  console.error(`audit bench: seeding ${EVENTS} events (${USERS} people, ${MEMBERS} in the organization) into SQLite`);
  const file = join(dir, "audit.db");
  const sqliteDb = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  await migrateToLatest(sqliteDb);
  await sqliteDb.destroy();
  let started = performance.now();
  await seedSQLite(file);
  console.error(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const sqlite = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  results.push(...(await measure("SQLite", sqlite)));
  await sqlite.destroy();

  const pgUrl = process.env.GATEHOUSE_BENCH_PG_URL ?? process.env.GATEHOUSE_TEST_PG_URL;
  if (pgUrl) {
    const schema = `audit_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const pool = new pg.Pool({ connectionString: pgUrl, max: 4, options: `-c search_path=${schema}` });
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateToLatest(db, { migrationTableSchema: schema });
      console.error(`audit bench: seeding ${EVENTS} events into PostgreSQL`);
      started = performance.now();
      await seedPostgres(pool);
      console.error(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      results.push(...(await measure("PostgreSQL", db)));
    } finally {
      await db.destroy();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  } else {
    console.error("audit bench: no PostgreSQL URL (GATEHOUSE_BENCH_PG_URL / GATEHOUSE_TEST_PG_URL): SQLite only");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\nAudit log queries — ${EVENTS} events, median of ${RUNS} runs\n`);
console.log("| database | query | ms | rows counted or returned |");
console.log("|---|---|---:|---:|");
for (const r of results) console.log(`| ${r.database} | ${r.label} | ${r.ms} | ${r.rows} |`);
