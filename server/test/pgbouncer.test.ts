import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinaryStatus, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { freePort, startServerProcess, type ServerProcess } from "./support/server-process.js";

/**
 * The real server through a real PgBouncer in transaction mode (Debian's package: 1.18, which
 * does not carry named prepared statements across server connections; 1.21 does). With
 * DATABASE_NAMED_STATEMENTS=off every request works; with the default (named statements) a
 * statement prepared on one server connection is asked for on another, and requests fail.
 */
const PGBOUNCER = "/usr/sbin/pgbouncer";
const ci = process.env.CI === "true" || process.env.CI === "1";
const postgres = postgresBinaryStatus();
const haveBouncer = existsSync(PGBOUNCER);
if (!haveBouncer) {
  const bar = "!".repeat(78);
  console.error(
    `\n${bar}\n!! No ${PGBOUNCER}: the PgBouncer test${ci ? " FAILS (CI=true)" : " is SKIPPED"}.\n!! Install it with: bash scripts/setup-system.sh\n${bar}\n`,
  );
}

interface Bouncer {
  url: string;
  stop(): Promise<void>;
}

function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = (): void => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`pgbouncer did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** PgBouncer in transaction mode, two server connections, in front of `postgresURL`, its config in a temporary directory. */
async function startPgBouncer(postgresURL: string): Promise<Bouncer> {
  const target = new URL(postgresURL);
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-pgbouncer-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(join(dir, "userlist.txt"), `"postgres" ""\n`);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `postgres = host=127.0.0.1 port=${target.port} dbname=postgres`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      "default_pool_size = 2",
      "max_client_conn = 200",
      `logfile = ${join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: as root it runs as postgres, as the cluster does.
  const root = userInfo().uid === 0;
  const [command, argv] = root ? ["runuser", ["-u", "postgres", "--", PGBOUNCER, join(dir, "pgbouncer.ini")]] : [PGBOUNCER, [join(dir, "pgbouncer.ini")]];
  const child: ChildProcess = spawn(command, argv, { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(port);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs a person up and asks get-session and list-sessions `rounds` times, 20 at once; the statuses seen. */
async function traffic(base: string, email: string, rounds: number): Promise<number[]> {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Bouncer", email, password: "a long enough password 42" }),
  });
  const statuses = [signUp.status];
  const cookie = (signUp.headers.getSetCookie().find((c) => c.startsWith("gatehouse.session_token=")) ?? "").split(";")[0]!;
  for (let round = 0; round < rounds; round++) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${base}/api/auth/${i % 2 === 0 ? "get-session" : "list-sessions"}`, { headers: { cookie } })),
    );
    for (const answer of answers) {
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
  }
  return statuses;
}

describe("the server through PgBouncer in transaction mode", () => {
  if ((postgres.mustFail || !haveBouncer) && ci) {
    it("has PgBouncer and the PostgreSQL binaries this test needs (CI=true: nothing may be skipped)", () => {
      throw new Error(`no ${PGBOUNCER} or PostgreSQL binaries; run bash scripts/setup-system.sh`);
    });
  }

  describe.skipIf(!postgres.bin || !haveBouncer)("PgBouncer 1.18 from Debian", () => {
    let cluster: PrivatePostgres;
    let bouncer: Bouncer;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      cluster = await startPrivatePostgres(postgres.bin!);
      bouncer = await startPgBouncer(cluster.url);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.kill()));
      await bouncer?.stop();
      cluster?.destroy();
    });

    it("answers every request with DATABASE_NAMED_STATEMENTS=off (migrations included, applied through the bouncer)", async () => {
      const server = await startServerProcess({ DATABASE_URL: bouncer.url, DATABASE_NAMED_STATEMENTS: "off", DATABASE_POOL_SIZE: "6" });
      servers.push(server);
      const statuses = await traffic(server.baseURL, "off@example.com", 10);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(statuses).toHaveLength(201);
    }, 120_000);

    it("fails with named statements (the default): the start or requests meet another connection's statement", async () => {
      let failure = "";
      try {
        const server = await startServerProcess({ DATABASE_URL: bouncer.url, DATABASE_POOL_SIZE: "6" });
        servers.push(server);
        const statuses = await traffic(server.baseURL, "on@example.com", 10);
        if (statuses.some((s) => s >= 500)) failure = `${statuses.filter((s) => s >= 500).length} answers 5xx`;
      } catch (error) {
        failure = String(error);
      }
      expect(failure).toMatch(/prepared statement|5xx/);
    }, 120_000);
  });
});
