import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface RunningServer {
  baseURL: string;
  /** Mails the server wrote to DATA_DIR/outbox (no SMTP_URL), oldest first. */
  outbox(): OutboxMail[];
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on localhost, chosen by the kernel. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the REAL built server (node server/dist/main.js) on a free port with an in-memory
 * database and a temporary data directory, and waits for its "listening" log line.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const devIdpPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/dist/main.js"], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      PORT: String(port),
      BASE_URL: baseURL,
      DATABASE_URL: ":memory:",
      DATA_DIR: dataDir,
      RATE_LIMIT: "off",
      DEV_IDP_PORT: String(devIdpPort),
      AUTH_SECRET: "e2e-secret-that-is-at-least-32-characters",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes("gatehouse listening")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return {
    baseURL,
    outbox() {
      let names: string[];
      try {
        names = readdirSync(join(dataDir, "outbox"))
          .filter((name) => name.endsWith(".json"))
          .sort();
      } catch {
        return [];
      }
      return names.map((name) => JSON.parse(readFileSync(join(dataDir, "outbox", name), "utf8")) as OutboxMail);
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link of the newest mail to `to` whose subject matches. */
export function latestLink(server: RunningServer, to: string, subject: RegExp): string {
  const mail = server
    .outbox()
    .filter((m) => m.to === to && subject.test(m.subject))
    .at(-1);
  const link = mail ? /https?:\/\/[^\s<>"]+/.exec(mail.text)?.[0] : undefined;
  if (!link) throw new Error(`no mail to ${to} matching ${subject}; outbox: ${JSON.stringify(server.outbox().map((m) => [m.to, m.subject]))}`);
  return link;
}
