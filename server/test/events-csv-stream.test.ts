import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, signUpPerson, testDialects, type TestAuth, type TestPerson } from "@gatehouse/auth-core/testing";
import { createAppWithDoors } from "./support/app-with-doors.js";

/**
 * The CSV export at size (docs/performance.md, "At a million people"): the rows go out in chunks
 * of many lines, not one chunk (one socket write) per row, and all of them arrive, across the
 * export's pages.
 */
const ROWS = 1_200;

describe.each(testDialects())("the CSV export's chunks on %s", (dialect) => {
  let t: TestAuth;
  let person: TestPerson;
  let app: ReturnType<typeof createAppWithDoors>;

  beforeAll(async () => {
    t = await createTestAuth({ dialect, now: new Date("2026-02-28T00:00:00.000Z"), options: { rateLimit: { enabled: false } } });
    app = createAppWithDoors(t.auth);
    person = await signUpPerson(t.auth, "Ada", "ada@example.com");
    const start = Date.parse("2026-03-01T00:00:00.000Z");
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      id: `csv-${String(i).padStart(5, "0")}`,
      userId: person.userId,
      type: "sign-in" as const,
      outcome: "success" as const,
      method: "password",
      ipAddress: "203.0.113.7",
      userAgent: "Bench",
      createdAt: new Date(start + i * 1000).toISOString(),
    }));
    for (let i = 0; i < ROWS; i += 300)
      await t.database.db
        .insertInto("securityEvent")
        .values(rows.slice(i, i + 300))
        .execute();
    t.clock.set(new Date("2026-03-05T00:00:00.000Z"));
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("streams every row, many lines to a chunk", async () => {
    const response = await app.request("/api/reports/events.csv?scope=self&type=sign-in", { headers: { cookie: person.browser.cookieHeader() } });
    expect(response.status).toBe(200);
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for await (const chunk of response.body!) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toMatch(/^2026-03-01T00:19:59\.000Z,sign-in,success,password,/);
    expect(chunks).toBeLessThan(ROWS / 50);
  });
});
