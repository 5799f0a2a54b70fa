#!/usr/bin/env node
// Runs every test project. Finds the system parts (PostgreSQL, Chromium) and says loudly what it
// skips without them; with CI=true a missing part fails the run instead.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const started = performance.now();
const root = fileURLToPath(new URL("..", import.meta.url));
const ci = process.env.CI === "true" || process.env.CI === "1";

/** The whole run's wall time (the checks, the build, vitest), printed as the last line whatever the outcome. */
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
// web/e2e/support/apache.ts: the relying-party test starts Debian's Apache with mod_auth_openidc.
if (!existsSync("/usr/sbin/apache2") || !existsSync("/usr/lib/apache2/modules/mod_auth_openidc.so"))
  missing.push("Apache with mod_auth_openidc (no /usr/sbin/apache2 or its module): the relying-party browser test");

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

/** Options for a child whose output is kept, to print whole once it ends (the checks below run at once). */
const quiet = ({ cwd = root, extraEnv = {} } = {}) => ({ cwd, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });

/** Waits for a child started with quiet(): its exit status and everything it printed. */
function collect(child) {
  return new Promise((resolve) => {
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on("close", (status) => resolve({ status: status ?? 1, output }));
  });
}

// The checks, started at once (each is mostly one core's work, and the machine has two):
// - knip: unused files, exports and dependencies (knip.ts says what counts as used);
// - tsc over the tests of auth-core and the server (tsconfig.test.json);
// - oxfmt: one formatting for the code (.oxfmtrc.json);
// - the build the tests start (tsc -b, which is also the type check, then the server's bundle,
//   which the server-process and browser tests run; vite build: the SPA the browser tests load).
//   The test projects' global setups build when run alone; GATEHOUSE_TEST_BUILT=1 tells them it is done.
// The tests start as soon as the build is done, beside knip if it is still running. A failed
// build fails the run before the tests; a knip or oxfmt finding stops the tests and fails it.
const checks = [
  {
    title: "knip: unused files, exports and dependencies",
    run: () => collect(spawn("npx", ["knip", "--no-progress"], quiet())),
    passed: "knip: nothing unused",
    failed: "knip found the above (or failed): remove what is unused, or tell knip.ts why it is kept.",
  },
  {
    title: "tsc: the tests' types (tsconfig.test.json)",
    // tsc -b checks the sources and web's tests; this, auth-core's and the server's tests, which
    // had drifted (17 errors) while nothing checked them. One thread, as the build's tsc.
    run: () => collect(spawn("npx", ["tsc", "--noEmit", "--singleThreaded", "-p", "tsconfig.test.json"], quiet())),
    passed: "tsc: the tests' types check",
    failed: "tsc found type errors in the tests (above).",
  },
  {
    title: "oxfmt: formatting",
    // One thread: the build beside it has the other core.
    run: () => collect(spawn("npx", ["oxfmt", "--check", "--threads=1"], quiet())),
    passed: "oxfmt: every file formatted",
    failed: "oxfmt: the files above are not formatted; run `npx oxfmt`.",
  },
  {
    title: "build: tsc -b (type check), the server bundle, vite build (SPA)",
    run: async () => {
      // One thread: TypeScript 7's default of four checkers per project (each building its own
      // global types) took twice the CPU on this 2-core machine, where the other checks share the cores.
      const tsc = collect(spawn("npx", ["tsc", "-b", "--singleThreaded"], quiet()));
      // Then the server's bundle (scripts/bundle-server.mjs), which the process tests start.
      const server = tsc.then(async (built) => {
        if (built.status !== 0) return built;
        const bundled = await collect(spawn("node", ["scripts/bundle-server.mjs"], quiet()));
        return { status: bundled.status, output: built.output + bundled.output };
      });
      // Vitest would set NODE_ENV=test (a development React build): build what ships.
      const vite = collect(spawn("npx", ["vite", "build", "--logLevel", "warn"], quiet({ cwd: join(root, "web"), extraEnv: { NODE_ENV: "production" } })));
      const results = await Promise.all([server, vite]);
      return { status: results.find((r) => r.status !== 0)?.status ?? 0, output: results.map((r) => r.output).join("") };
    },
    passed: "build: done",
    failed: "the build failed (above).",
  },
];
const [lints, build] = [checks.slice(0, 3), checks[3]];

/** Runs a check; its result with the time it took. */
async function timed(check) {
  const begun = performance.now();
  const result = await check.run();
  return { ...result, seconds: ((performance.now() - begun) / 1000).toFixed(1) };
}

/** Prints a check's title, its output and its verdict; its exit status. */
function report(check, result) {
  console.log(`\n== ${check.title}`);
  if (result.output) process.stdout.write(result.output);
  if (result.status === 0) console.log(`${check.passed} (${result.seconds} s)`);
  else console.error(`\n!! ${check.failed}`);
  return result.status;
}

const linting = lints.map(timed);
const built = await timed(build);
if (report(build, built) !== 0) {
  console.error("\n!! Tests not run.");
  for (const [i, result] of (await Promise.all(linting)).entries()) report(lints[i], result);
  finish(built.status);
}
env.GATEHOUSE_TEST_BUILT = "1";
console.log("\n== vitest (knip, the tests' types and oxfmt report at the end)");

const vitest = spawn(process.execPath, [join(root, "node_modules/vitest/vitest.mjs"), "run", ...process.argv.slice(2)], { stdio: "inherit", env });
const vitestDone = new Promise((resolve) => vitest.on("close", (status) => resolve(status ?? 1)));
// The first lint finding stops the tests: the run has failed whatever they say.
const lintFailed = new Promise((resolve) =>
  linting.forEach((pending, i) =>
    pending.then((result) => {
      if (result.status !== 0) resolve({ check: lints[i], result });
    }),
  ),
);
const firstFailure = await Promise.race([vitestDone.then(() => null), lintFailed]);
if (firstFailure) {
  vitest.kill("SIGTERM");
  await vitestDone;
  report(firstFailure.check, firstFailure.result);
  console.error("\n!! Tests stopped.");
  finish(firstFailure.result.status);
}
const status = await vitestDone;
let lintStatus = 0;
for (const [i, result] of (await Promise.all(linting)).entries()) lintStatus ||= report(lints[i], result);
if (missing.length > 0) console.error(`\n!! Reminder: skipped ${missing.length} system part(s): ${missing.map((m) => m.split(" (")[0]).join(", ")}`);
finish(lintStatus || status);
