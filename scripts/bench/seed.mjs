#!/usr/bin/env node
// npm run bench:seed -- --people 1000000 [--dialect postgres|sqlite|both] [--database URL-or-file] [--schema NAME]
//                       [--secret S] [--audit-rows N]
// Fills a Gatehouse database with the scale data set (docs/performance.md, "At a million people"):
// people, live and expired sessions, linked accounts, passkeys, organizations (most small, five of
// 50,000), invitations, API keys, verifications, rate-limit rows and the audit log over 400 days,
// with the spreads of scale-data.mjs. Rows are generated in a stream and never held in memory:
// PostgreSQL through COPY FROM STDIN (pg-copy-streams), SQLite through one prepared insert in
// transactions of 100,000 rows with its journal off. Indexes, unique keys and foreign keys are
// dropped before the load and built after it. Every token and key derives from --secret, so the
// bench draws any seeded person's cookie or key (scale.mjs). Writes a manifest beside the data
// (SCALE_DIR/scale-<people>.json) that the bench reads.
//   PostgreSQL: --database (default BENCH_PG_URL or GATEHOUSE_TEST_PG_URL), in schema --schema
//               (default scale_<people>), dropped and made anew. SQLite: --database (default
//               SCALE_DIR/scale-<people>.db), made anew. Default dialect: both when a PostgreSQL URL is known.
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { scryptSync } from "node:crypto";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { DAY, HOUR, SCALE_DIR, SEED_PASSWORD, apiKey, countsFor, organizationId, personId, randomStream, sessionToken, storedHash } from "./scale-data.mjs";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const { values: args } = parseArgs({
  options: {
    people: { type: "string", default: "1000000" },
    dialect: { type: "string" },
    database: { type: "string" },
    schema: { type: "string" },
    secret: { type: "string", default: "gatehouse-scale-seed" },
    "audit-rows": { type: "string" },
  },
});
const people = Number(args.people);
if (!Number.isInteger(people) || people < 100) throw new Error("--people: a whole number of at least 100");
const pgURL = process.env.BENCH_PG_URL ?? process.env.GATEHOUSE_TEST_PG_URL;
const dialects = args.dialect ? [args.dialect] : pgURL ? ["postgres", "sqlite"] : ["sqlite"];
if (dialects.some((d) => d !== "postgres" && d !== "sqlite")) throw new Error("--dialect: postgres or sqlite");
if (args.database && dialects.length > 1) throw new Error("--database names one database: give --dialect too");
const counts = { ...countsFor(people), ...(args["audit-rows"] ? { auditRows: Number(args["audit-rows"]) } : {}) };
const secret = args.secret;
const NOW = Math.floor(Date.now() / 1000) * 1000;
const iso = (ms) => new Date(ms).toISOString();

// The migrations as built (tsc -b): the schema is Gatehouse's own, whatever it is today.
execFileSync("npx", ["tsc", "-b", "migrations"], { cwd: root, stdio: "inherit" });
const { migrateToLatest } = await import("@gatehouse/migrations");
const { Kysely, PostgresDialect, SqliteDialect } = await import("kysely");

// ---------------------------------------------------------------- the rows
const FIRST =
  "james mary robert patricia john jennifer michael linda david elizabeth william barbara richard susan joseph jessica thomas sarah charles karen christopher lisa daniel nancy matthew betty anthony sandra mark ashley donald emily steven kimberly andrew donna paul michelle joshua carol kenneth amanda kevin melissa brian deborah george stephanie timothy rebecca ronald sharon jason laura edward cynthia jeffrey dorothy ryan amy jacob kathleen gary angela nicholas shirley eric emma jonathan brenda stephen pamela larry nicole justin anna scott samantha brandon katherine benjamin christine samuel debra gregory rachel alexander carolyn patrick janet frank maria raymond olivia jack heather dennis helen jerry catherine".split(
    " ",
  );
const LAST =
  "smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez".split(
    " ",
  );
const DOMAINS = ["example.com", "example.org", "example.net", "acme.test", "globex.test", "initech.test", "umbrella.test", "hooli.test"];
const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
];
const ip = (n) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
const SIGN_UP_SPAN = 3 * 365 * DAY;
const personCreated = (i) => NOW - SIGN_UP_SPAN + Math.floor((i * SIGN_UP_SPAN) / people);

/** Organization sizes: five of bigOrganizationSize, the rest Pareto(α 1.2, from 2), at most 1,000. */
function organizationSizes() {
  const next = randomStream(7);
  const sizes = [];
  for (let o = 0; o < counts.organizations; o++) {
    sizes.push(o < counts.bigOrganizations ? counts.bigOrganizationSize : Math.min(1000, Math.floor(2 / Math.pow(1 - next(), 1 / 1.2))));
  }
  return sizes;
}
const orgSizes = organizationSizes();
/** Members of organization o: a run of consecutive people from `start` (wrapping), the first its owner. */
const orgStarts = [];
{
  let cursor = 0;
  for (const size of orgSizes) {
    orgStarts.push(cursor % people);
    cursor += size;
  }
}
const memberships = orgSizes.reduce((a, b) => a + b, 0);
const bigMemberEnd = counts.bigOrganizations * counts.bigOrganizationSize; // people below this belong to a big organization

const passwordHash = (() => {
  const salt = Buffer.from("gatehouse-scale-salt");
  const key = scryptSync(SEED_PASSWORD.normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 1024 * 1024 });
  return `scrypt$16384$16$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
})();

/** Each table: its columns and rows, generated one at a time (`rows(emit)` calls emit per row). */
const tables = [
  {
    name: "user",
    count: people,
    columns: [
      "id",
      "name",
      "email",
      "emailVerified",
      "image",
      "isAnonymous",
      "createdAt",
      "updatedAt",
      "role",
      "banned",
      "banReason",
      "banExpires",
      "twoFactorEnabled",
    ],
    *rows() {
      const next = randomStream(1);
      for (let i = 0; i < people; i++) {
        const first = FIRST[Math.floor(next() * FIRST.length)];
        const last = LAST[Math.floor(next() * LAST.length)];
        const created = iso(personCreated(i));
        // The first 100 people (the bench's heavy people among them) sign in with a password alone and are never banned.
        const banned = next() < 0.003 && i >= 100;
        yield [
          personId(i),
          `${first[0].toUpperCase()}${first.slice(1)} ${last[0].toUpperCase()}${last.slice(1)}`,
          `${first}.${last}${i}@${DOMAINS[i % DOMAINS.length]}`,
          next() < 0.9 ? 1 : 0,
          null,
          0,
          created,
          created,
          i % 100_000 === 0 ? "admin" : null,
          banned ? 1 : 0,
          banned ? "spam" : null,
          null,
          next() < 0.1 && i >= 100 ? 1 : 0,
        ];
      }
    },
  },
  {
    name: "session",
    count: counts.liveSessions + counts.expiredSessions + counts.heavyPeople * counts.heavySessions,
    columns: ["id", "tokenHash", "userId", "expiresAt", "rememberMe", "ipAddress", "userAgent", "activeOrganizationId", "createdAt", "updatedAt"],
    *rows() {
      const next = randomStream(2);
      // Live: refreshed within the last 12 hours (so a bench within 12 h of the seed reads, not refreshes), made up to 20 days ago.
      const live = (s, person) => {
        const setAt = NOW - Math.floor(next() * 12 * HOUR);
        return [
          `s${String(s).padStart(9, "0")}`,
          storedHash(sessionToken(secret, s)),
          personId(person),
          iso(setAt + 7 * DAY),
          1,
          ip(person),
          AGENTS[person % AGENTS.length],
          // A big organization's members work in it (its owner, person 0, is the bench's admin).
          person < bigMemberEnd ? organizationId(Math.floor(person / counts.bigOrganizationSize)) : null,
          iso(setAt - Math.floor(next() * 20 * DAY)),
          iso(setAt),
        ];
      };
      for (let s = 0; s < counts.liveSessions; s++) yield live(s, s % people);
      // The heavy people (0 … heavyPeople-1) hold heavySessions more each.
      const heavy = counts.heavyPeople * counts.heavySessions;
      for (let h = 0; h < heavy; h++) yield live(counts.liveSessions + h, h % counts.heavyPeople);
      // Expired: ended within the last 30 days (the sweep's work), tokens nobody holds.
      for (let e = 0; e < counts.expiredSessions; e++) {
        const person = e % people;
        const ended = NOW - HOUR - Math.floor(next() * 30 * DAY);
        yield [
          `x${String(e).padStart(9, "0")}`,
          storedHash(`expired:${secret}:${e}`),
          personId(person),
          iso(ended),
          1,
          ip(person),
          AGENTS[(person + e) % AGENTS.length],
          null,
          iso(ended - 7 * DAY),
          iso(ended - 7 * DAY),
        ];
      }
    },
  },
  {
    name: "account",
    count: counts.accounts,
    columns: ["id", "accountId", "providerId", "userId", "password", "scope", "createdAt", "updatedAt"],
    *rows() {
      for (let i = 0; i < people; i++) {
        const created = iso(personCreated(i));
        yield [`a${String(2 * i).padStart(9, "0")}`, personId(i), "credential", personId(i), passwordHash, null, created, created];
        yield [
          `a${String(2 * i + 1).padStart(9, "0")}`,
          String(100_000_000 + i),
          i % 2 === 0 ? "google" : "github",
          personId(i),
          null,
          "openid email profile",
          created,
          created,
        ];
      }
    },
  },
  {
    name: "passkey",
    count: counts.passkeys,
    columns: ["id", "name", "publicKey", "userId", "credentialID", "counter", "deviceType", "backedUp", "transports", "aaguid", "createdAt"],
    *rows() {
      const publicKey = Buffer.alloc(77, 7).toString("base64");
      for (let k = 0; k < counts.passkeys; k++) {
        const person = k * 5;
        yield [
          `pk${String(k).padStart(8, "0")}`,
          "Passkey",
          publicKey,
          personId(person),
          storedHash(`credential:${secret}:${k}`),
          0,
          "multiDevice",
          1,
          "internal,hybrid",
          "00000000-0000-0000-0000-000000000000",
          iso(personCreated(person) + DAY),
        ];
      }
    },
  },
  {
    name: "organization",
    count: counts.organizations,
    columns: ["id", "name", "slug", "logo", "metadata", "plan", "createdAt"],
    *rows() {
      for (let o = 0; o < counts.organizations; o++) {
        yield [
          organizationId(o),
          o < counts.bigOrganizations ? `Big Org ${o}` : `Org ${o}`,
          `org-${o}`,
          null,
          null,
          o < counts.bigOrganizations ? "enterprise" : o % 3 === 0 ? "business" : "free",
          iso(NOW - 2 * 365 * DAY),
        ];
      }
    },
  },
  {
    name: "member",
    count: memberships,
    columns: ["id", "organizationId", "userId", "role", "createdAt", "lastActiveAt"],
    *rows() {
      let m = 0;
      for (let o = 0; o < orgSizes.length; o++) {
        for (let k = 0; k < orgSizes[o]; k++) {
          const person = (orgStarts[o] + k) % people;
          yield [
            `m${String(m++).padStart(9, "0")}`,
            organizationId(o),
            personId(person),
            k === 0 ? "owner" : k < 4 ? "admin" : "member",
            iso(personCreated(person) + DAY),
            null,
          ];
        }
      }
    },
  },
  {
    name: "invitation",
    count: orgSizes.reduce((n, size) => n + Math.ceil(size / 25), 0),
    columns: ["id", "organizationId", "email", "role", "status", "teamId", "inviterId", "expiresAt", "createdAt"],
    *rows() {
      // One open invitation per 25 members (a 50,000-person organization has 2,000); a third already expired.
      let n = 0;
      for (let o = 0; o < orgSizes.length; o++) {
        const invitations = Math.ceil(orgSizes[o] / 25);
        for (let k = 0; k < invitations; k++) {
          const created = NOW - Math.floor(((k % 30) + 1) * DAY * 0.7);
          yield [
            `i${String(n).padStart(9, "0")}`,
            organizationId(o),
            `invitee${n}@example.com`,
            "member",
            "pending",
            null,
            personId(orgStarts[o]),
            iso(created + 7 * DAY),
            iso(created),
          ];
          n++;
        }
      }
    },
  },
  {
    name: "apikey",
    count: counts.apiKeys,
    columns: ["id", "configId", "name", "start", "prefix", "keyHash", "userId", "enabled", "rateLimitEnabled", "requestCount", "createdAt", "updatedAt"],
    *rows() {
      for (let k = 0; k < counts.apiKeys; k++) {
        const person = 2 * k;
        const key = apiKey(secret, person);
        const created = iso(personCreated(person) + 2 * DAY);
        yield [`k${String(k).padStart(8, "0")}`, "default", "Scale key", key.slice(0, 6), null, storedHash(key), personId(person), 1, 0, 0, created, created];
      }
    },
  },
  {
    name: "verification",
    count: counts.verifications,
    columns: ["id", "identifier", "value", "expiresAt", "createdAt", "updatedAt"],
    *rows() {
      // Email links: half still open (an hour left at most), half expired (the sweep's work).
      for (let v = 0; v < counts.verifications; v++) {
        const created = NOW - (v % 2 === 0 ? Math.floor(((v % 60) * HOUR) / 60) : 2 * DAY + (v % 1000) * 60_000);
        yield [
          `v${String(v).padStart(8, "0")}`,
          `email-verification:${storedHash(`v:${secret}:${v}`)}`,
          personId((v * 7) % people),
          iso(created + HOUR),
          iso(created),
          iso(created),
        ];
      }
    },
  },
  {
    name: "rateLimit",
    count: counts.rateLimits,
    columns: ["key", "count", "windowEndsAt"],
    *rows() {
      // Windows of past requests, all ended (the sweep's work): one per recent caller.
      for (let r = 0; r < counts.rateLimits; r++) yield [`ip:${ip(r)}:/sign-in/email:${r}`, 1 + (r % 5), iso(NOW - 60_000 - (r % 3600) * 1000)];
    },
  },
  {
    name: "securityEvent",
    count: counts.auditRows,
    columns: ["id", "userId", "type", "outcome", "method", "organizationId", "ipAddress", "userAgent", "createdAt"],
    *rows() {
      // In time order (as a log is written), evenly over auditDays; who acts: people with low
      // numbers more often (u^1.5); what: the TYPES weights; a big organization's members act
      // in it half the time (its audit pages and export: ~1.25 M rows each at a million people).
      const next = randomStream(3);
      const span = counts.auditDays * DAY;
      const start = NOW - span;
      const TYPES = [
        ["sign-in", 0.58],
        ["sign-out", 0.14],
        ["api-key-used", 0.08],
        ["session-revoked", 0.05],
        ["two-factor-verified", 0.04],
        ["password-changed", 0.02],
        ["passkey-added", 0.02],
        ["member-invited", 0.02],
        ["account-linked", 0.02],
        ["email-verified", 0.02],
        ["password-reset-requested", 0.01],
      ];
      const cumulative = [];
      let sum = 0;
      for (const [type, weight] of TYPES) cumulative.push([type, (sum += weight)]);
      const METHODS = ["password", "password", "password", "passkey", "google", "github"];
      for (let e = 0; e < counts.auditRows; e++) {
        const person = Math.floor(people * Math.pow(next(), 1.5));
        const u = next() * sum;
        const type = cumulative.find(([, c]) => u < c)?.[0] ?? "sign-in";
        const inBig = person < bigMemberEnd && next() < 0.5;
        const org = inBig ? organizationId(Math.floor(person / counts.bigOrganizationSize)) : null;
        yield [
          `e${String(e).padStart(10, "0")}`,
          personId(person),
          type,
          next() < 0.05 ? "failure" : "success",
          type === "sign-in" ? METHODS[Math.floor(next() * METHODS.length)] : null,
          org,
          ip(person),
          AGENTS[person % AGENTS.length],
          iso(start + Math.floor((e * span) / counts.auditRows) + Math.floor(next() * 1000)),
        ];
      }
    },
  },
];

// ---------------------------------------------------------------- progress
function progress(dialect, table, total) {
  const started = performance.now();
  let last = started;
  return {
    tick(done) {
      const now = performance.now();
      if (now - last < 5000) return;
      last = now;
      const rate = done / ((now - started) / 1000);
      console.error(
        `  ${dialect} ${table}: ${done.toLocaleString("en")} / ${total.toLocaleString("en")} rows, ${Math.round(rate).toLocaleString("en")}/s, ${Math.round((total - done) / rate)} s left`,
      );
    },
    end(done) {
      const s = (performance.now() - started) / 1000;
      console.error(`  ${dialect} ${table}: ${done.toLocaleString("en")} rows in ${s.toFixed(1)} s (${Math.round(done / s).toLocaleString("en")}/s)`);
      return s;
    },
  };
}
const timings = {};
const timed = async (label, work) => {
  const started = performance.now();
  await work();
  const s = (performance.now() - started) / 1000;
  timings[label] = Math.round(s * 10) / 10;
  console.error(`  ${label}: ${s.toFixed(1)} s`);
};

// ---------------------------------------------------------------- PostgreSQL
async function seedPostgres(url, schema) {
  console.error(`PostgreSQL: schema ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` }) }) });
  await migrateToLatest(db, { migrationTableSchema: schema });
  await db.destroy();

  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query("set synchronous_commit = off");
  const names = tables.map((t) => t.name);
  // Everything that makes a row cost more than its bytes, put back after the load: the schema's
  // foreign keys (those of other tables too: they hang on the loaded tables' keys), the loaded
  // tables' primary and unique keys, and every other index.
  const { rows: constraints } = await client.query(
    `select c.conname, t.relname, c.contype, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = $1 and ((t.relname = any($2) and c.contype in ('p', 'u')) or c.contype = 'f')`,
    [schema, names],
  );
  const { rows: indexes } = await client.query(
    `select i.indexname, i.indexdef from pg_indexes i where i.schemaname = $1 and i.tablename = any($2)
        and not exists (select 1 from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = $1 and c.conname = i.indexname)`,
    [schema, names],
  );
  for (const c of constraints.filter((c) => c.contype === "f")) await client.query(`alter table "${c.relname}" drop constraint "${c.conname}"`);
  for (const c of constraints.filter((c) => c.contype !== "f")) await client.query(`alter table "${c.relname}" drop constraint "${c.conname}"`);
  for (const i of indexes) await client.query(`drop index "${i.indexname}"`);

  for (const table of tables) {
    await timed(`postgres ${table.name} load`, async () => {
      const cols = table.columns.map((c) => `"${c}"`).join(", ");
      const stream = client.query(copyFrom(`copy "${table.name}" (${cols}) from stdin`));
      const p = progress("postgres", table.name, table.count);
      let done = 0;
      let chunk = "";
      let inChunk = 0;
      for (const row of table.rows()) {
        chunk += row.map((v) => (v === null ? "\\N" : v)).join("\t") + "\n";
        done++;
        if (++inChunk === 2000) {
          inChunk = 0;
          if (!stream.write(chunk)) await once(stream, "drain");
          chunk = "";
          p.tick(done);
        }
      }
      stream.end(chunk);
      await once(stream, "finish");
      p.end(done);
    });
  }
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("set max_parallel_maintenance_workers = 2").catch(() => undefined);
  await timed("postgres primary and unique keys", async () => {
    for (const c of constraints.filter((c) => c.contype !== "f")) await client.query(`alter table "${c.relname}" add constraint "${c.conname}" ${c.def}`);
  });
  await timed("postgres indexes", async () => {
    for (const i of indexes) await client.query(i.indexdef);
  });
  await timed("postgres foreign keys", async () => {
    for (const c of constraints.filter((c) => c.contype === "f")) await client.query(`alter table "${c.relname}" add constraint "${c.conname}" ${c.def}`);
  });
  await timed("postgres analyze", () => client.query("analyze"));
  const { rows: size } = await client.query(
    `select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as total from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'r'`,
    [schema],
  );
  await client.end();
  console.error(`  PostgreSQL schema ${schema}: ${size[0].total}`);
  return size[0].total;
}

// ---------------------------------------------------------------- SQLite
async function seedSQLite(file) {
  console.error(`SQLite: ${file}`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  {
    const db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
    await migrateToLatest(db);
    await db.destroy();
  }
  const db = new SQLite(file);
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("foreign_keys = OFF");
  db.pragma("cache_size = -524288"); // 512 MiB
  db.pragma("temp_store = MEMORY");
  const names = tables.map((t) => t.name);
  const indexes = db
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${names.map(() => "?").join(", ")})`)
    .all(...names);
  for (const i of indexes) db.exec(`drop index "${i.name}"`);
  for (const table of tables) {
    await timed(`sqlite ${table.name} load`, async () => {
      const insert = db.prepare(
        `insert into "${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")}) values (${table.columns.map(() => "?").join(", ")})`,
      );
      const p = progress("sqlite", table.name, table.count);
      let done = 0;
      db.exec("begin");
      for (const row of table.rows()) {
        insert.run(row);
        if (++done % 100_000 === 0) {
          db.exec("commit");
          p.tick(done);
          db.exec("begin");
        }
      }
      db.exec("commit");
      p.end(done);
    });
  }
  await timed("sqlite indexes", async () => {
    for (const i of indexes) db.exec(i.sql);
  });
  await timed("sqlite analyze", async () => db.exec("analyze"));
  db.pragma("journal_mode = WAL");
  db.close();
  const { size } = await import("node:fs").then((fs) => fs.statSync(file));
  console.error(`  SQLite file: ${(size / 2 ** 30).toFixed(2)} GiB`);
  return `${(size / 2 ** 30).toFixed(2)} GiB`;
}

// ---------------------------------------------------------------- run
mkdirSync(SCALE_DIR, { recursive: true });
const manifestFile = join(SCALE_DIR, `scale-${people}.json`);
const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
console.error(
  `seeding ${people.toLocaleString("en")} people: ${Object.entries(counts)
    .map(([k, v]) => `${k} ${v.toLocaleString("en")}`)
    .join(", ")}; ${memberships.toLocaleString("en")} memberships`,
);
const started = performance.now();
for (const dialect of dialects) {
  const dialectStarted = performance.now();
  if (dialect === "postgres") {
    const url = args.database ?? pgURL;
    if (!url) throw new Error("PostgreSQL: --database or BENCH_PG_URL / GATEHOUSE_TEST_PG_URL");
    const schema = args.schema ?? `scale_${people}`;
    const size = await seedPostgres(url, schema);
    manifest.postgres = { url, schema, size, seededAt: iso(NOW), seconds: Math.round((performance.now() - dialectStarted) / 1000) };
  } else {
    const file = args.database ?? join(SCALE_DIR, `scale-${people}.db`);
    const size = await seedSQLite(file);
    manifest.sqlite = { file, size, seededAt: iso(NOW), seconds: Math.round((performance.now() - dialectStarted) / 1000) };
  }
  Object.assign(manifest, {
    people,
    secret,
    counts,
    memberships,
    heavyPeople: [...Array(counts.heavyPeople).keys()].map(personId),
    password: SEED_PASSWORD,
    timings,
  });
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
}
console.error(`seeded in ${Math.round((performance.now() - started) / 1000)} s; manifest ${manifestFile}`);
