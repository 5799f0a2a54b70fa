import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./server-process.js";

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, pg_ctl on a free
 * port), which the test may stop and start: the shared test cluster must never be stopped.
 * As root the binaries run as the `postgres` user, as scripts/setup-system.sh does.
 */
export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  /** Stops the cluster and removes its directory. */
  destroy(): void;
}

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, or null. */
function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "pg_ctl")) && existsSync(join(root, v, "bin", "initdb")));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

const ci = process.env.CI === "true" || process.env.CI === "1";

/**
 * Whether this run has PostgreSQL binaries. Without them a local run skips loudly; with
 * CI=true the caller must fail (scripts/test.mjs's rule: nothing may be skipped in CI).
 */
export function postgresBinaryStatus(): { bin: string | null; mustFail: boolean } {
  const bin = findPostgresBin();
  if (!bin) {
    const bar = "!".repeat(78);
    console.error(
      `\n${bar}\n!! No PostgreSQL binaries under /usr/lib/postgresql/*/bin: the fault tests${ci ? " FAIL (CI=true)" : " are SKIPPED"}.\n!! Install them with: bash scripts/setup-system.sh\n${bar}\n`,
    );
  }
  return { bin, mustFail: !bin && ci };
}

function asPostgres(bin: string, program: string, args: string[]): void {
  const path = join(bin, program);
  const root = userInfo().uid === 0;
  const [command, argv] = root ? ["runuser", ["-u", "postgres", "--", path, ...args]] : [path, args];
  const result = spawnSync(command, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${program} ${args.join(" ")} failed (${result.status}): ${result.stderr}${result.stdout}`);
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-pg-"));
  const data = join(dir, "data");
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  asPostgres(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const start = (): void =>
    asPostgres(bin, "pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "server.log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      "start",
    ]);
  const stop = (): void => asPostgres(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      stop();
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      if (running) stop();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
