#!/usr/bin/env node
// Runs every test project. Finds the system parts (PostgreSQL, Chromium) and says loudly what it
// skips without them; with CI=true a missing part fails the run instead.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";

const started = performance.now();
const ci = process.env.CI === "true" || process.env.CI === "1";

/** The whole run's wall time (knip, prettier, vitest), printed as the last line whatever the outcome. */
function finish(status) {
  const seconds = (performance.now() - started) / 1000;
  const time = seconds >= 60 ? `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(1)} s` : `${seconds.toFixed(1)} s`;
  console.log(`\n== npm test: ${status === 0 ? "passed" : "FAILED"} in ${time}`);
  process.exit(status);
}
const pgURL = process.env.GATEHOUSE_TEST_PG_URL ?? "postgres://gatehouse:gatehouse@127.0.0.1:5433/gatehouse_test";
const chromium = process.env.GATEHOUSE_CHROMIUM ?? "/usr/bin/chromium";

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Drops schemas left behind by interrupted test runs. Each test database is a schema named
 * t_<creation time in base 36>_<random>; only those older than an hour go, so a run in progress
 * elsewhere keeps its own.
 */
async function dropStaleTestSchemas(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select nspname from pg_namespace where nspname like 't\\_%'");
    const hourAgo = Date.now() - 3_600_000;
    for (const { nspname } of rows) {
      const created = parseInt(nspname.split("_")[1] ?? "", 36);
      if (Number.isFinite(created) && created < hourAgo) await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  } finally {
    await client.end();
  }
}

const missing = [];
const env = { ...process.env };
if (await postgresReachable(pgURL)) {
  env.GATEHOUSE_TEST_PG_URL = pgURL;
  await dropStaleTestSchemas(pgURL);
} else {
  delete env.GATEHOUSE_TEST_PG_URL;
  missing.push(`PostgreSQL (not reachable at ${pgURL.replace(/:[^:@/]+@/, ":***@")}): the PostgreSQL half of every database suite`);
}
if (existsSync(chromium)) env.GATEHOUSE_CHROMIUM = chromium;
else {
  delete env.GATEHOUSE_CHROMIUM;
  missing.push(`Chromium (no ${chromium}): the browser end-to-end tests`);
}

if (missing.length > 0) {
  const bar = "!".repeat(78);
  console.error(`\n${bar}\n!! SKIPPING — this machine lacks:`);
  for (const m of missing) console.error(`!!   - ${m}`);
  console.error(`!! Install them with: bash scripts/setup-system.sh\n${bar}\n`);
  if (ci) {
    console.error("CI=true: nothing may be skipped; failing.");
    finish(1);
  }
}

// Unused files, exports and dependencies (knip.ts says what counts as used). It takes seconds,
// so it runs before every test run, focused ones included, and a finding fails the run.
console.log("\n== knip: unused files, exports and dependencies");
const knip = spawnSync("npx", ["knip", "--no-progress"], { stdio: "inherit", env });
if (knip.status !== 0) {
  console.error("\n!! knip found the above (or failed): remove what is unused, or tell knip.ts why it is kept. Tests not run.");
  finish(knip.status || 1);
}
console.log("knip: nothing unused");

// One formatting for the code (.prettierrc.json, .prettierignore): `npx prettier --write .` fixes it.
console.log("\n== prettier: formatting");
const prettier = spawnSync("npx", ["prettier", "--check", "--log-level", "warn", "**/*.{ts,tsx,mjs,js,css,html}"], { stdio: "inherit", env });
if (prettier.status !== 0) {
  console.error('\n!! prettier: the files above are not formatted; run `npx prettier --write "**/*.{ts,tsx,mjs,js,css,html}"`. Tests not run.');
  finish(prettier.status || 1);
}
console.log("prettier: every file formatted\n\n== vitest");

const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit", env });
if (missing.length > 0) console.error(`\n!! Reminder: skipped ${missing.length} system part(s): ${missing.map((m) => m.split(" (")[0]).join(", ")}`);
finish(result.status ?? 1);
