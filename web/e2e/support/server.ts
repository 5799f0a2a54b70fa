import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface RunningServer {
  baseURL: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on localhost, chosen by the kernel. */
export function freePort(): Promise<number> {
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
