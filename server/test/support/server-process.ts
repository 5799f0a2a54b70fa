import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));

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

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseURL: string;
  exited: Promise<number | null>;
  /** Everything the process printed so far. */
  output(): string;
  /**
   * Resolves when the output contains `text` (at once if it already does), as the process
   * prints it; rejects if the process exits first or after `timeoutMs` (the process's output
   * arrives through a pipe, later than its answers may).
   */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts the real server as `npm start` runs it (dist/gatehouse.js, built by the project's global
 * setup; production mode) on a free port and waits for its "gatehouse listening" line. `env`
 * overrides the defaults (DATABASE_URL, BASE_URL, …).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-proc-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["dist/gatehouse.js"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, "g.db")}`,
      NODE_ENV: "production",
      BASE_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: "s".repeat(40),
      RATE_LIMIT: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  function waitForOutput(text: string, timeoutMs = 30_000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (error?: Error): void => {
        listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = (): void => {
        if (output.includes(text)) done();
      };
      const timer = setTimeout(() => done(new Error(`no "${text}" from the server within ${timeoutMs} ms: ${output}`)), timeoutMs);
      void exited.then((code) => done(new Error(`server exited (${code}) before printing "${text}": ${output}`)));
      listeners.add(check);
      check();
    });
  }
  await waitForOutput("gatehouse listening", 60_000);
  return {
    child,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    waitForOutput,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
