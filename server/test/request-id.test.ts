import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, TEST_BASE_URL, type TestAuth } from "@gatehouse/auth-core/testing";
import type { Logger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/**
 * Each request gets an id that its answer (X-Request-Id), its request log
 * line and the security events it writes share, so an event can be traced to its log lines.
 */
describe("request ids", () => {
  let t: TestAuth;
  const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
  const logger: Logger = {
    info: (message, fields = {}) => void lines.push({ message, fields }),
    warn: (message, fields = {}) => void lines.push({ message, fields }),
    error: (message, fields = {}) => void lines.push({ message, fields }),
  };
  beforeAll(async () => {
    t = await createTestAuth();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("ties the answer, the request log line and the security event together, and logs no query string", async () => {
    const app = createApp({ auth: t.auth, logger });
    const answer = await app.request(`${TEST_BASE_URL}/api/auth/sign-up/email?token=secret-in-query`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL },
      body: JSON.stringify({ name: "R", email: "r@example.com", password: "unusual-phrase-7" }),
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);

    const logged = lines.find((line) => line.message === "request" && line.fields.requestId === requestId);
    expect(logged?.fields).toMatchObject({ method: "POST", path: "/api/auth/sign-up/email", status: 200 });
    expect(JSON.stringify(lines)).not.toContain("secret-in-query");

    const event = await t.database.db.selectFrom("securityEvent").select(["type", "requestId"]).where("type", "=", "sign-up").executeTakeFirstOrThrow();
    expect(event.requestId).toBe(requestId);

    const second = await app.request(`${TEST_BASE_URL}/api/auth/get-session`);
    expect(second.headers.get("x-request-id")).not.toBe(requestId);
  });

  it("is a process prefix and a counter: unique per request, different between two servers, never a client's choice", async () => {
    const ids = async (app: ReturnType<typeof createApp>, count: number, headers: Record<string, string> = {}) =>
      Promise.all(Array.from({ length: count }, async () => (await app.request("/api/auth/get-session", { headers })).headers.get("x-request-id")!));
    const one = await ids(createApp({ auth: t.auth, logger }), 50);
    const other = await ids(createApp({ auth: t.auth, logger }), 50);
    expect(new Set([...one, ...other]).size).toBe(100);
    const prefixOf = (id: string) => id.slice(0, id.lastIndexOf("-"));
    expect(new Set(one.map(prefixOf)).size).toBe(1);
    expect(prefixOf(one[0]!)).not.toBe(prefixOf(other[0]!));
    expect(one.map((id) => parseInt(id.slice(id.lastIndexOf("-") + 1), 36)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Without a trusted proxy, an X-Request-Id from outside is ignored.
    const [untrusted] = await ids(createApp({ auth: t.auth, logger }), 1, { "x-request-id": "chosen-by-client" });
    expect(untrusted).not.toBe("chosen-by-client");
  });

  it("keeps a well-formed X-Request-Id from a trusted proxy, in the answer, the log line and the page answers too", async () => {
    const app = createApp({ auth: t.auth, logger, trustedProxy: true });
    for (const path of ["/api/auth/get-session", "/settings", "/api/trpc/nothing"]) {
      const answer = await app.request(path, { headers: { "x-request-id": `proxy-7f3a:${path.length}` } });
      expect(answer.headers.get("x-request-id"), path).toBe(`proxy-7f3a:${path.length}`);
      expect(lines.some((line) => line.message === "request" && line.fields.requestId === `proxy-7f3a:${path.length}` && line.fields.path === path)).toBe(true);
    }
    // Malformed (a space, a quote, too long): the server's own id instead.
    for (const incoming of ["two words", "x".repeat(129), 'a"b']) {
      const answer = await app.request("/api/auth/get-session", { headers: { "x-request-id": incoming } });
      expect(answer.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    }
  });
});
