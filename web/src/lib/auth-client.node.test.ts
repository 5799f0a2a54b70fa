import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AUTH_REQUEST_TIMEOUT_MS,
  AUTH_RETRY_ATTEMPTS,
  authRetryDelay,
  createAuthClient,
  CSRF_HEADER,
  isRetryableAuthFailure,
  refreshesSession,
} from "./auth-client.js";
import { AuthNetworkError, AuthRequestError } from "./auth-errors.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A real HTTP server whose answers the test scripts, one per request. */
function startScriptedServer(answers: Array<(res: ServerResponse) => void>): Promise<{ server: Server; baseURL: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      answer(res);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })),
  );
}

const json =
  (status: number, body: unknown) =>
  (res: ServerResponse): void => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

describe("the auth client's policies (spec §7, §9)", () => {
  it("has the spec's constants", () => {
    expect(AUTH_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(AUTH_RETRY_ATTEMPTS).toBe(3);
    expect(CSRF_HEADER).toBe("x-csrf-token");
  });

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 5000],
    [10, 5000],
  ])("waits %i → %i ms (1000 ms doubling, at most 5000 ms)", (retry, ms) => {
    expect(authRetryDelay(retry)).toBe(ms);
  });

  it.each([
    [new AuthNetworkError("request failed", { timedOut: false }), true],
    [new AuthNetworkError("timed out", { timedOut: true }), true],
    [new AuthRequestError(503, null, "Service Unavailable"), true],
    [new AuthRequestError(429, "TOO_MANY_REQUESTS", "Too many requests"), true],
    [new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized"), false],
    [new AuthRequestError(400, "INVALID_PASSWORD", "Invalid password"), false],
    [new AuthRequestError(500, "FAILED_TO_CREATE_SESSION", "Failed to create session"), false],
  ])("retries %o: %s", (error, expected) => {
    expect(isRetryableAuthFailure(error)).toBe(expected);
  });

  it.each([
    ["/sign-in/email", true],
    ["/sign-in/social", true],
    ["/sign-up/email", true],
    ["/sign-out", true],
    ["/update-user", true],
    ["/delete-user", true],
    ["/verify-email", true],
    ["/passkey/verify-authentication", true],
    ["/get-session", false],
    ["/list-sessions", false],
    ["/delete-user/callback", false],
  ])("refreshes the session after %s: %s", (path, expected) => {
    expect(refreshesSession(path)).toBe(expected);
  });
});

describe("the auth client against a real HTTP server", () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });
  async function serve(answers: Array<(res: ServerResponse) => void>): Promise<{ baseURL: string; seen: Seen[] }> {
    const started = await startScriptedServer(answers);
    close = () =>
      new Promise((resolve) => {
        started.server.closeAllConnections();
        started.server.close(() => resolve());
      });
    return started;
  }

  let waits: number[];
  let sessionChanges: number;
  beforeEach(() => {
    waits = [];
    sessionChanges = 0;
  });
  function client(baseURL: string, timeoutMs?: number): ReturnType<typeof createAuthClient> {
    return createAuthClient({
      baseURL,
      timeoutMs,
      wait: async (ms) => void waits.push(ms),
      onSessionChange: () => void (sessionChanges += 1),
    });
  }

  it("keeps a 429's X-Retry-After on the error, so the person reads how long to wait (issue 48)", async () => {
    const tooMany = (res: ServerResponse): void => {
      res
        .writeHead(429, { "content-type": "application/json", "x-retry-after": "42" })
        .end(JSON.stringify({ code: "TOO_MANY_REQUESTS", message: "Too many requests" }));
    };
    const { baseURL } = await serve([tooMany, tooMany, tooMany]);
    const error = await client(baseURL)
      .request("/sign-in/email", { email: "a@example.com", password: "pw" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequestError);
    expect((error as AuthRequestError).retryAfterSeconds).toBe(42);
  });

  it("asks for the shown language (Accept-Language from <html lang>), so the server's refusals come in it", async () => {
    const { baseURL, seen } = await serve([json(200, null)]);
    // This file runs without a page: a stand-in for the document lib/i18n.ts sets `lang` on.
    const holder = globalThis as { document?: unknown };
    holder.document = { documentElement: { lang: "ja" } };
    try {
      await client(baseURL).request("/get-session");
    } finally {
      delete holder.document;
    }
    expect(seen[0]!.headers["accept-language"]).toBe("ja");
  });

  it("uses GET without a body and POST with one, with the CSRF header, and refreshes the session after a sign-in", async () => {
    const { baseURL, seen } = await serve([json(200, null), json(200, { redirect: false, token: "t" })]);
    const credentials: Array<RequestCredentials | undefined> = [];
    const recording = createAuthClient({
      baseURL,
      onSessionChange: () => void (sessionChanges += 1),
      fetch: (input, init) => {
        credentials.push(init?.credentials);
        return fetch(input, init);
      },
    });
    await expect(recording.request("/get-session", undefined, { query: { disableRefresh: "true" } })).resolves.toBeNull();
    await expect(recording.request("/sign-in/email", { email: "a@example.com", password: "pw" })).resolves.toEqual({ redirect: false, token: "t" });
    expect(credentials).toEqual(["include", "include"]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["GET /api/auth/get-session?disableRefresh=true", "POST /api/auth/sign-in/email"]);
    expect(seen[0]!.body).toBe("");
    expect(JSON.parse(seen[1]!.body)).toEqual({ email: "a@example.com", password: "pw" });
    expect(seen[1]!.headers["content-type"]).toBe("application/json");
    expect(seen.every((s) => s.headers["x-csrf-token"] !== undefined)).toBe(true);
    expect(sessionChanges).toBe(1);
  });

  it("makes 3 attempts with 1000 and 2000 ms between them for a temporary failure", async () => {
    const { baseURL, seen } = await serve([json(503, { message: "busy" }), json(503, { message: "busy" }), json(200, [])]);
    await expect(client(baseURL).request("/list-sessions")).resolves.toEqual([]);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it("gives up after 3 attempts with the last answer", async () => {
    const { baseURL, seen } = await serve([json(503, { code: "BUSY", message: "busy" })]);
    const error = await client(baseURL)
      .request("/list-sessions")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error).toMatchObject({ status: 503, code: "BUSY", message: "busy" });
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it("does not retry an answer: a 401 fails at once with the wire code and message", async () => {
    const { baseURL, seen } = await serve([json(401, { code: "UNAUTHORIZED", message: "Unauthorized" })]);
    const error = await client(baseURL)
      .request("/update-user", { name: "x" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "AuthRequestError", status: 401, code: "UNAUTHORIZED", message: "Unauthorized" });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(sessionChanges).toBe(0);
  });

  it("times out a request that gets no answer, and retries it", async () => {
    const { baseURL, seen } = await serve([() => undefined]); // never answers
    const error = await client(baseURL, 100)
      .request("/get-session")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthNetworkError);
    expect((error as AuthNetworkError).timedOut).toBe(true);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it("reports a refused connection as a network error after 3 attempts", async () => {
    const { baseURL } = await serve([json(200, null)]);
    await close?.();
    close = null;
    const error = await client(baseURL)
      .request("/get-session")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthNetworkError);
    expect((error as AuthNetworkError).timedOut).toBe(false);
    expect(waits).toEqual([1000, 2000]);
  });
});
