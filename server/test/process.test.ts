import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
let child: ChildProcess | null = null;

/** Starts the real built server (dist/gatehouse.js, as `npm start` does) on a free port and waits for its "listening" log line. */
async function startServer(
  env: Record<string, string>,
): Promise<{ port: number; exited: Promise<number | null>; output: () => string; printed: (text: string) => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-proc-"));
  let output = "";
  child = spawn(process.execPath, ["dist/gatehouse.js"], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, "g.db")}`,
      NODE_ENV: "production",
      BASE_URL: "http://gatehouse.test",
      AUTH_SECRET: "s".repeat(40),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child!.on("exit", (code) => resolve(code)));
  /** Resolves once the process has printed `text` (output comes through a pipe, as it is written). */
  const printed = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (!output.includes(text)) return;
        child!.stdout!.off("data", check);
        resolve();
      };
      child!.stdout!.on("data", check);
      void exited.then((code) => reject(new Error(`server exited (${code}) before printing ${text}: ${output}`)));
      check();
    });
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      // One JSON object per line (pino); the listening line names the port.
      const complete = output.split("\n").slice(0, -1);
      for (const line of complete) {
        if (!line.startsWith("{")) continue;
        const entry = JSON.parse(line) as { message?: string; port?: number };
        if (entry.message === "gatehouse listening" && typeof entry.port === "number") resolve(entry.port);
      }
    };
    child!.stdout!.on("data", onData);
    child!.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited early (${code}): ${output}`)));
  });
  return { port, exited, output: () => output, printed };
}

afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  child = null;
});

// Each test starts a server process: with both cores busy that alone can take much of the 30 s default.
describe("server process", { timeout: 120_000 }, () => {
  it("finishes in-flight requests on SIGTERM, then closes and exits 0", async () => {
    const server = await startServer({});
    const body = JSON.stringify({ name: "T", email: "t@example.com", password: "larch-ribbon-123" });
    // Send the headers and half the body, stop the server, then finish the request: it must
    // still be answered, because it was in flight when SIGTERM arrived. "Expect: 100-continue"
    // makes the server say when it has read the headers (Node answers 100 Continue as it starts
    // the request), so the signal comes after that, not after a guessed pause.
    const request = httpRequest({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json", origin: "http://gatehouse.test", "content-length": Buffer.byteLength(body), expect: "100-continue" },
    });
    const answered = new Promise<{ status: number | undefined; text: string }>((resolve, reject) => {
      request.on("response", (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode, text }));
      });
      request.on("error", reject);
    });
    await new Promise((resolve) => request.once("continue", resolve));
    request.write(body.slice(0, 10));
    child!.kill("SIGTERM");
    await server.printed('"message":"shutting down"');
    request.end(body.slice(10));
    const response = await answered;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text).user.email).toBe("t@example.com");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"message":"stopped"');
    expect(server.output()).not.toContain("larch-ribbon-123");
  });

  it("keeps an idle connection longer than a proxy's idle timeout, and SIGTERM still ends it at once", async () => {
    const server = await startServer({});
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port: server.port, path: "/api/auth/get-session", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers["keep-alive"]));
      });
      request.on("error", reject);
      request.end();
    });
    // 65 s, past the 60 s of AWS's load balancers and nginx; Node's default said timeout=5.
    expect(keepAlive).toBe("timeout=65");
    // The connection is idle in the agent's pool: shutdown closes it rather than waiting on it
    // (a wait would end in the 10 s forced exit, status 1).
    child!.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"message":"stopped"');
    agent.destroy();
  });

  it("writes the request log asynchronously and loses no line on shutdown", async () => {
    const server = await startServer({});
    // Enough lines for several batched writes, the last batch still buffered when SIGTERM comes.
    const ids: string[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 40; i++) {
          const id = await new Promise<string>((resolve, reject) => {
            const request = httpRequest({ host: "127.0.0.1", port: server.port, path: `/api/auth/get-session?n=${i}`, agent }, (res) => {
              res.resume();
              res.on("end", () => resolve(String(res.headers["x-request-id"])));
            });
            request.on("error", reject);
            request.end();
          });
          ids.push(id);
        }
      }),
    );
    agent.destroy();
    child!.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const logged = new Set(
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { message?: string; requestId?: string })
        .filter((entry) => entry.message === "request")
        .map((entry) => entry.requestId),
    );
    expect(ids).toHaveLength(320);
    expect(ids.filter((id) => !logged.has(id))).toEqual([]);
    // ...and the shutdown's own lines after them.
    expect(server.output().trimEnd().endsWith('"message":"stopped"}')).toBe(true);
  });

  it("refuses to start in production without AUTH_SECRET", async () => {
    await expect(startServer({ AUTH_SECRET: "" })).rejects.toThrow(/AUTH_SECRET is required in production/);
  });

  it("runs from a bundle in ASCII, so V8 keeps its source at one byte a character", () => {
    // esbuild carries some comments of the bundled packages over as they are (an em dash in
    // pg-protocol's and zod's): one character beyond Latin-1 doubles the source V8 keeps.
    const source = readFileSync(join(serverDir, "dist/gatehouse.js"), "utf8");
    expect(source.length).toBeGreaterThan(1_000_000);
    expect(source.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
  });

  it("leaves the passkey and SAML libraries and the test support out of the bundle, loaded on first use", () => {
    // V8 keeps the source of all the bundle holds, run or not: bundled, these were half of it.
    const source = readFileSync(join(serverDir, "dist/gatehouse.js"), "utf8");
    const bundled = new Set([...source.matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)].map((match) => match[1]));
    for (const name of ["@simplewebauthn/server", "@node-saml/node-saml", "xml-crypto", "@peculiar/x509", "samlify", "smtp-server", "react-dom"])
      expect(bundled).not.toContain(name);
    expect(bundled).toContain("kysely");
    for (const name of ["@simplewebauthn/server", "@node-saml/node-saml", "@gatehouse/auth-core/testing"]) expect(source).toContain(`import("${name}")`);
  });
});
