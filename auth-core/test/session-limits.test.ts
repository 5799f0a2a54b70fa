import { afterEach, describe, expect, it } from "vitest";
import type { AuthOptions } from "../src/options.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * A session ends at its absolute lifetime however often it is used,
 * and after the idle limit when one is set; a browser that signs in again gives up the session
 * it presented. The clock moves; nothing sleeps.
 */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(testDialects())("session limits on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  async function setup(session: AuthOptions["session"] = {}): Promise<TestBrowser> {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, session } });
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "P", email: "p@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    return browser;
  }

  async function sessionOf(browser: TestBrowser): Promise<{ session: { expiresAt: string } } | null> {
    const answer = await browser.get("/get-session");
    expect(answer.status).toBe(200);
    return (await answer.json()) as { session: { expiresAt: string } } | null;
  }

  async function sessionRows(): Promise<number> {
    return (await t.database.db.selectFrom("session").select("id").execute()).length;
  }

  it("ends a session used every few days at 30 days by default, never sliding past it", async () => {
    const browser = await setup();
    const created = t.clock.now().getTime();
    for (let day = 3; day < 30; day += 3) {
      t.clock.advance(3 * DAY);
      const current = await sessionOf(browser);
      expect(current, `day ${day}`).not.toBeNull();
      expect(Date.parse(current!.session.expiresAt)).toBeLessThanOrEqual(created + 30 * DAY);
    }
    // Day 27: the sliding expiry would say day 34; the absolute limit says day 30.
    const last = await sessionOf(browser);
    expect(Date.parse(last!.session.expiresAt)).toBe(created + 30 * DAY);
    t.clock.set(new Date(created + 30 * DAY));
    expect(await sessionOf(browser)).toBeNull();
    expect(await sessionRows()).toBe(0);
  });

  it("sends a cookie that expires with the absolute limit, not a full expiresIn after it", async () => {
    const browser = await setup({ absoluteLifetime: (10 * DAY) / 1000 });
    t.clock.advance(5 * DAY); // due for a refresh (updateAge 1 day), 5 days left
    const answer = await browser.get("/get-session");
    const cookie = answer.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/Max-Age=432000(;|$)/);
  });

  it("holds a 24-hour limit (NIST AAL2) for a session used every hour", async () => {
    const browser = await setup({ absoluteLifetime: 24 * 60 * 60 });
    for (let hour = 1; hour < 24; hour++) {
      t.clock.advance(HOUR);
      expect(await sessionOf(browser), `hour ${hour}`).not.toBeNull();
    }
    t.clock.advance(HOUR);
    expect(await sessionOf(browser)).toBeNull();
  });

  it("ends a row older than the limit even when its stored expiry says otherwise (rows from before the limit)", async () => {
    const browser = await setup();
    const now = t.clock.now().getTime();
    await t.database.db
      .updateTable("session")
      .set({ createdAt: new Date(now - 31 * DAY).toISOString(), expiresAt: new Date(now + DAY).toISOString() })
      .execute();
    expect(await sessionOf(browser)).toBeNull();
    expect(await sessionRows()).toBe(0);
  });

  it("absoluteLifetime 0 turns the limit off", async () => {
    const browser = await setup({ absoluteLifetime: 0 });
    for (let day = 3; day <= 45; day += 3) {
      t.clock.advance(3 * DAY);
      expect(await sessionOf(browser), `day ${day}`).not.toBeNull();
    }
  });

  it("with an idle limit, keeps a session in use and ends it after the limit without a request", async () => {
    const browser = await setup({ idleTimeout: 60 * 60 });
    for (let step = 0; step < 10; step++) {
      t.clock.advance(30 * 60 * 1000);
      expect(await sessionOf(browser), `after ${(step + 1) * 30} minutes`).not.toBeNull();
    }
    t.clock.advance(HOUR);
    expect(await sessionOf(browser)).toBeNull();
    expect(await sessionRows()).toBe(0);
  });

  it("the idle limit applies to a session without remember-me too", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, session: { idleTimeout: 60 * 60 } } });
    await createTestBrowser(t.auth).post("/sign-up/email", { name: "P", email: "p@example.com", password: "larch-ribbon-123" });
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-in/email", { email: "p@example.com", password: "larch-ribbon-123", rememberMe: false })).status).toBe(200);
    t.clock.advance(50 * 60 * 1000);
    expect(await sessionOf(browser)).not.toBeNull();
    t.clock.advance(50 * 60 * 1000); // 100 minutes since sign-in, 50 since the last request
    expect(await sessionOf(browser)).not.toBeNull();
    t.clock.advance(61 * 60 * 1000);
    expect(await sessionOf(browser)).toBeNull();
  });

  it("a browser that signs in again ends the session it presented; a copy of its cookie dies with it", async () => {
    const browser = await setup();
    const copied = createTestBrowser(t.auth);
    for (const [name, value] of browser.cookies) copied.cookies.set(name, value);
    expect(await sessionOf(copied)).not.toBeNull();

    expect((await browser.post("/sign-in/email", { email: "p@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    expect(await sessionOf(copied)).toBeNull();
    expect(await sessionOf(browser)).not.toBeNull();
    expect(await sessionRows()).toBe(1);
  });

  it("ends the presented session of another user too (a planted cookie)", async () => {
    const victim = await setup();
    await createTestBrowser(t.auth).post("/sign-up/email", { name: "A", email: "attacker@example.com", password: "larch-ribbon-123" });
    const attacker = createTestBrowser(t.auth);
    await attacker.post("/sign-in/email", { email: "attacker@example.com", password: "larch-ribbon-123" });
    // The attacker's cookie planted in the victim's browser, and a copy kept by the attacker.
    for (const [name, value] of attacker.cookies) victim.cookies.set(name, value);
    expect((await victim.post("/sign-in/email", { email: "p@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    expect(await sessionOf(attacker)).toBeNull();
    expect(await sessionOf(victim)).toMatchObject({ user: { email: "p@example.com" } });
  });
});
