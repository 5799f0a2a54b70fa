import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, totpCodeFor, type TestAuth } from "@gatehouse/auth-core/testing";
import { createProduct } from "../src/product/index.js";
import { toAuditEventView } from "../src/product/audit/audit-view.js";
import type { AuditEventView } from "../src/shared/audit-views.js";
import { createAppWithDoors } from "./support/app-with-doors.js";

const PASSWORD = "correct horse battery";

/**
 * Issue 48: Reports and the CSV say why a sign-in failed (wrong password, unknown account, banned,
 * second step failed, throttled), from what the rows auth-core writes already hold.
 */
describe.each(testDialects())("a reason for every failed sign-in, on %s", (dialect) => {
  let made: TestAuth | undefined;
  afterEach(async () => {
    // Only a test that made one: the pure test below has none.
    await made?.destroy();
    made = undefined;
  });

  it("wrong password, throttled, second step failed and banned: in the person's log and in the CSV's reason column", async () => {
    const t = (made = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, twoFactor: { enabled: true } } }));
    const ada = await signUpPerson(t.auth, "Ada", "ada@example.com");
    const enabled = (await (await ada.browser.post("/two-factor/enable", { password: PASSWORD })).json()) as { totpURI: string };
    expect((await ada.browser.post("/two-factor/verify-totp", { code: totpCodeFor(enabled.totpURI, t.clock.now()) })).status).toBe(200);
    t.clock.advance(30_000);

    // A millisecond apart: the log's order is (time, id).
    const signIn = (password: string) => (t.clock.advance(1), createTestBrowser(t.auth).post("/sign-in/email", { email: ada.email, password }));
    // Five wrong passwords; the sixth attempt (the right one) waits: throttled.
    for (let i = 0; i < 5; i++) expect((await signIn("wrong password")).status).toBe(401);
    expect((await signIn(PASSWORD)).status).toBe(429);
    t.clock.advance(60 * 60 * 1000);
    // The right password, then a wrong code at the second step.
    const stepping = createTestBrowser(t.auth);
    expect((await stepping.post("/sign-in/email", { email: ada.email, password: PASSWORD })).status).toBe(200);
    expect(
      (await stepping.post("/two-factor/verify-totp", { code: "000000" === totpCodeFor(enabled.totpURI, t.clock.now()) ? "111111" : "000000" })).status,
    ).toBe(401);

    const product = createProduct(t.auth);
    const viewer = { userId: ada.userId, activeOrganizationId: null };
    const events: AuditEventView[] = [];
    for await (const event of product.audit.exportEvents(viewer, { scope: "self", outcome: "failure" })) events.push(event);
    expect(events.map((e) => [e.type, e.failureReason])).toEqual([
      ["two-factor-verified", "second-step-failed"],
      ["sign-in", "throttled"],
      ...Array.from({ length: 5 }, () => ["sign-in", "wrong-password"]),
    ]);
    // Successes have none.
    const page = await product.audit.events(viewer, { scope: "self", outcome: "success" });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((e) => e.failureReason === null)).toBe(true);

    // The CSV's last column, in words.
    const app = createAppWithDoors(t.auth);
    const csv = await (await app.request("/api/reports/events.csv?scope=self&outcome=failure", { headers: { cookie: ada.browser.cookieHeader() } })).text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,type,outcome,method,actor,email,organization,ip,user agent,reason");
    expect(lines.slice(1).map((line) => line.split(",").at(-1))).toEqual([
      "Second step failed",
      "Throttled",
      ...Array.from({ length: 5 }, () => "Wrong password"),
    ]);

    // A ban: the refused sign-in says so.
    await t.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", ada.userId).execute();
    expect((await signIn(PASSWORD)).status).toBe(403);
    const [latest] = (await product.audit.events(viewer, { scope: "self", outcome: "failure", limit: 1 })).items;
    expect(latest).toMatchObject({ type: "sign-in", failureReason: "banned" });
  });

  it("an unknown address is an unknown account; a failure it cannot name is 'other'", () => {
    const record = {
      id: "e1",
      type: "sign-in" as const,
      outcome: "failure" as const,
      method: "password",
      organizationId: null,
      organizationName: null,
      targetUserId: null,
      userName: null,
      userEmail: null,
      ipAddress: null,
      userAgent: null,
      createdAt: "2026-03-01T00:00:00.000Z",
    };
    expect(toAuditEventView({ ...record, userId: null, detail: JSON.stringify({ reason: "INVALID_EMAIL_OR_PASSWORD" }) }).failureReason).toBe(
      "unknown-account",
    );
    expect(toAuditEventView({ ...record, userId: "u1", detail: JSON.stringify({ reason: "something new" }) }).failureReason).toBe("other");
    expect(toAuditEventView({ ...record, userId: "u1", outcome: "success", detail: null }).failureReason).toBeNull();
  });
});
