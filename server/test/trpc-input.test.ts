import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, seedOrganization, signUpPerson, TEST_BASE_URL, testDialects, type TestAuth, type TestPerson } from "@gatehouse/auth-core/testing";
import { silentLogger, type Logger } from "@gatehouse/auth-core";
import { createProduct, type Product } from "../src/product/index.js";
import { createAppWithDoors } from "./support/app-with-doors.js";
import { trpcClientOf, trpcOutcome } from "./support/trpc-client.js";

const DAY_MS = 86_400_000;

/**
 * Input that would reach the database as something it cannot take (U+0000 in PostgreSQL text) or
 * as a date past the log's years is refused with 400 by the tRPC procedures and the CSV report,
 * never a 500; a 500 that does happen is logged with its path, not its input.
 */
describe.each(testDialects())("the server doors' input rules on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createAppWithDoors>;
  let product: Product;
  let ada: TestPerson;
  const logged: Array<{ message: string; fields?: Record<string, unknown> }> = [];
  const logger: Logger = { ...silentLogger, error: (message, fields) => logged.push({ message, fields }) };
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    product = createProduct(t.auth);
    app = createAppWithDoors(t.auth, { logger, product });
    ada = await signUpPerson(t.auth, "Ada Admin", "ada@example.com");
    await t.auth.admin.setRoleByEmail("ada@example.com", "admin");
    const { organizationId } = await seedOrganization(t.auth, { [ada.userId]: "owner" });
    expect((await ada.browser.post("/organization/set-active", { organizationId })).status).toBe(200);
  });
  afterAll(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  const trpc = () => trpcClientOf(app, ada.browser);
  const csv = (query: string) => app.request(`${TEST_BASE_URL}/api/reports/events.csv?${query}`, { headers: { cookie: ada.browser.cookieHeader() } });

  it("a NUL in a string input answers 400 BAD_REQUEST: audit.events' method, admin.users' search, admin.person's userId, setPassword", async () => {
    expect(await trpcOutcome(trpc().audit.events.query({ scope: "self", method: "pass\u0000word" }))).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(await trpcOutcome(trpc().admin.users.query({ search: "ad\u0000a" }))).toMatchObject({ status: 400 });
    expect(await trpcOutcome(trpc().admin.person.query({ userId: "x\u0000y" }))).toMatchObject({ status: 400 });
    expect(await trpcOutcome(trpc().account.setPassword.mutate({ newPassword: "Unusual\u0000Battery" }))).toMatchObject({ status: 400 });
  });

  it("a cursor whose decoded fields hold a NUL is an invalid cursor (400 INVALID_CURSOR), as any other malformed cursor", async () => {
    const cursor = Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "a\u0000b"])).toString("base64url");
    expect(await trpcOutcome(trpc().audit.events.query({ scope: "self", cursor }))).toMatchObject({ status: 400, message: "Invalid cursor" });
    expect(await trpcOutcome(trpc().audit.events.query({ scope: "self", cursor: "a\u0000" }))).toMatchObject({ status: 400 });
  });

  it("the CSV refuses a NUL in method or type with 400 VALIDATION_ERROR", async () => {
    for (const query of ["method=a%00b", "type=sign-in%00"]) {
      const response = await csv(query);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  it("dates outside 1970-9999 answer 400 (audit.events, audit.analytics, the CSV); the bounds themselves are answered", async () => {
    const extremes = { from: new Date(-8.64e15), to: new Date(8.64e15) };
    expect(await trpcOutcome(trpc().audit.events.query({ scope: "self", ...extremes }))).toMatchObject({ status: 400 });
    const high = { scope: "organization" as const, from: new Date(8.64e15 - DAY_MS), to: new Date(8.64e15) };
    expect(await trpcOutcome(trpc().audit.analytics.query(high))).toMatchObject({ status: 400 });
    const low = { scope: "self" as const, from: new Date(-8.64e15), to: new Date(-8.64e15 + DAY_MS) };
    expect(await trpcOutcome(trpc().audit.analytics.query(low))).toMatchObject({ status: 400 });
    expect((await csv("from=0001-01-01")).status).toBe(400);
    expect((await csv("to=1969-12-31T23:59:59Z")).status).toBe(400);

    const last = { scope: "self" as const, from: new Date("9999-12-30T00:00:00.000Z"), to: new Date("9999-12-31T23:59:59.999Z") };
    const answered = await trpcOutcome(trpc().audit.analytics.query(last));
    expect((answered.value as { days: Array<{ day: string }> }).days.map((d) => d.day)).toEqual(["9999-12-30", "9999-12-31"]);
    const first = { scope: "self" as const, from: new Date(0), to: new Date(DAY_MS) };
    expect(((await trpcOutcome(trpc().audit.analytics.query(first))).value as { days: Array<{ day: string }> }).days.map((d) => d.day)).toEqual(["1970-01-01"]);
    expect((await csv("from=1970-01-01&to=9999-12-31")).status).toBe(200);
  });

  it("an unexpected failure answers a generic 500 and is logged with its path and message, never its input", async () => {
    const events = product.audit.events;
    product.audit.events = () => Promise.reject(new Error("relation gone"));
    try {
      const out = await trpcOutcome(trpc().audit.events.query({ scope: "self", method: "secret-input-value" }));
      expect(out).toMatchObject({ status: 500, message: "Internal server error" });
    } finally {
      product.audit.events = events;
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ message: "tRPC procedure failed", fields: { path: "audit.events", error: "relation gone" } });
    expect(JSON.stringify(logged)).not.toContain("secret-input-value");
    // A refusal (4xx) is the caller's, not the server's: nothing logged.
    await trpcOutcome(trpc().audit.events.query({ scope: "self", method: "" }));
    expect(logged).toHaveLength(1);
    logged.length = 0;
  });
});
