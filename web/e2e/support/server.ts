import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
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
  /**
   * Resolves once `ready()` holds, checking now and each time the server prints something;
   * rejects if the server exits first or after `timeoutMs`.
   */
  until(ready: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The servers running now, for the output of a failed test (support/on-failure.ts). */
export const runningServers = new Set<RunningServer>();

/**
 * `count` free TCP ports on localhost, chosen by the kernel and all held until each is known:
 * one probe closed before the next opens can be handed the same port again (the server and its
 * development identity provider once got the same one, and the server could not listen).
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const probe = createServer();
          probe.once("error", reject);
          probe.listen(0, "127.0.0.1", () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => {
    const address = probe.address();
    return typeof address === "object" && address ? address.port : 0;
  });
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export interface StartOptions {
  /**
   * false: the file never signs in through Google, so the server does not start the development
   * identity provider (oidc-provider's modules and keys, about 0.9 s of CPU per start). It gets
   * Google credentials instead, with the issuer on the server itself (nothing outside the test is
   * reached), so the sign-in screen and Settings show Google as they do under `npm start`.
   * Default true: no Google credentials, as `npm start` on a fresh machine.
   */
  devIdentityProvider?: boolean;
}

/**
 * Starts the REAL built server (node server/dist/gatehouse.js, as `npm start` runs it) on a free port with an in-memory
 * database and a temporary data directory, and waits for its "listening" log line.
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const [port, devIdpPort] = (await freePorts(2)) as [number, number];
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
  const baseURL = `http://localhost:${port}`;
  const google =
    options.devIdentityProvider === false
      ? { GOOGLE_CLIENT_ID: "e2e.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "e2e-unused", GOOGLE_ISSUER: `${baseURL}/no-identity-provider` }
      : {};
  const child: ChildProcess = spawn(process.execPath, ["server/dist/gatehouse.js"], {
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
      // New passwords hash at the unit tests' cost (TEST_SCRYPT_PARAMS), about 4 ms instead of 150:
      // no browser test is about the hash's cost, and the production cost was ~15 s of the run's CPU.
      PASSWORD_SCRYPT: "1024,8,1",
      ...google,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  function until(ready: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (error?: Error): void => {
        listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = (): void => {
        if (ready()) done();
      };
      const timer = setTimeout(() => done(new Error(`${what}: not within ${timeoutMs} ms; the server printed:\n${output}`)), timeoutMs);
      void exited.then((code) => done(new Error(`${what}: the server exited (${code}) first:\n${output}`)));
      listeners.add(check);
      check();
    });
  }
  await until(() => output.includes("gatehouse listening"), "the server listening", 60_000);
  const server: RunningServer = {
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
    until,
    async stop() {
      runningServers.delete(server);
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  runningServers.add(server);
  return server;
}

/** The first link of the newest mail to `to` whose subject matches, if there is one. */
function newestLink(server: RunningServer, to: string, subject: RegExp): string | undefined {
  const mail = server
    .outbox()
    .filter((m) => m.to === to && subject.test(m.subject))
    .at(-1);
  return mail ? /https?:\/\/[^\s<>"]+/.exec(mail.text)?.[0] : undefined;
}

/**
 * The first link of the newest mail to `to` whose subject matches, once the server has written
 * one. Mails go out after the answer, so the page's confirmation can come before the mail; the
 * server logs each mail it writes to the outbox, and the outbox is read again at each line.
 */
export async function mailedLink(server: RunningServer, to: string, subject: RegExp): Promise<string> {
  await server.until(() => newestLink(server, to, subject) !== undefined, `a mail to ${to} matching ${subject}`);
  return newestLink(server, to, subject)!;
}

/** Calls to a server's /api/auth (or a full URL) that keep the cookies they are given, as one client. */
type AuthCaller = (path: string, body?: unknown) => Promise<Response>;

/**
 * The server's operator, over HTTP: signs `email` (listed in ADMIN_EMAILS) up and opens its
 * verification link with the account's own session, which makes it an admin; the caller that holds it.
 */
export async function signedInOperator(server: RunningServer, email: string): Promise<AuthCaller> {
  const jar: string[] = [];
  const call: AuthCaller = async (path, body) => {
    const response = await fetch(path.startsWith("http") ? path : `${server.baseURL}/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { origin: server.baseURL, cookie: jar.join("; "), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) jar.push(line.split(";")[0]!);
    return response;
  };
  await call("/sign-up/email", { name: "Ops", email, password: "operators only 77" });
  await call(await mailedLink(server, email, /^Verify your email/));
  return call;
}
