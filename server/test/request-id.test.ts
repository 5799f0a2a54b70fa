import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, TEST_BASE_URL, type TestAuth } from "@gatehouse/auth-core/testing";
import type { Logger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/**
 * Issue 14, finding 1: each request gets an id that its answer (X-Request-Id), its request log
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
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const logged = lines.find((line) => line.message === "request" && line.fields.requestId === requestId);
    expect(logged?.fields).toMatchObject({ method: "POST", path: "/api/auth/sign-up/email", status: 200 });
    expect(JSON.stringify(lines)).not.toContain("secret-in-query");

    const event = await t.database.db.selectFrom("securityEvent").select(["type", "requestId"]).where("type", "=", "sign-up").executeTakeFirstOrThrow();
    expect(event.requestId).toBe(requestId);

    const second = await app.request(`${TEST_BASE_URL}/api/auth/get-session`);
    expect(second.headers.get("x-request-id")).not.toBe(requestId);
  });
});
