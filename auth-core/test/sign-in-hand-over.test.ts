import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

/** Every sign-in method hands an anonymous browser's data over (spec §7), not only social. */
describe.each(testDialects())("anonymous hand-over on email sign-in and sign-up on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => t.destroy());

  async function anonymousBrowserWithEvent(): Promise<{ browser: ReturnType<typeof createTestBrowser>; anonymousId: string }> {
    const browser = createTestBrowser(t.auth, { clientAddress: "192.0.2.20" });
    const anonymous = (await (await browser.post("/sign-in/anonymous")).json()) as { user: { id: string } };
    await browser.post("/update-user", { name: "Guest with a name" });
    return { browser, anonymousId: anonymous.user.id };
  }

  it.each(["sign-up", "sign-in"] as const)("on email %s the anonymous user goes and its events follow", async (method) => {
    if (method === "sign-in") {
      const other = createTestBrowser(t.auth, { clientAddress: "192.0.2.21" });
      await other.post("/sign-up/email", { name: "Real", email: "real@example.com", password: "larch-ribbon-123" });
    }
    const { browser, anonymousId } = await anonymousBrowserWithEvent();
    await t.database.db
      .insertInto("securityEvent")
      .values({
        id: "anon-event",
        userId: anonymousId,
        type: "sign-in",
        outcome: "success",
        ipAddress: null,
        userAgent: null,
        detail: null,
        createdAt: new Date(0).toISOString(),
      })
      .execute();
    const path = method === "sign-up" ? "/sign-up/email" : "/sign-in/email";
    const r = await browser.post(path, { name: "Real", email: "real@example.com", password: "larch-ribbon-123" });
    expect(r.status).toBe(200);
    const realId = ((await r.json()) as { user: { id: string } }).user.id;
    expect(await t.database.db.selectFrom("user").select("id").where("id", "=", anonymousId).execute()).toEqual([]);
    const moved = await t.database.db.selectFrom("securityEvent").select("userId").where("id", "=", "anon-event").executeTakeFirstOrThrow();
    expect(moved.userId).toBe(realId);
  });
});

describe("OAuth callback form_post", () => {
  it("accepts a provider's cross-site POST and re-issues it as a GET to the same callback", async () => {
    const t = await createTestAuth();
    const response = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/callback/google", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://accounts.google.com" },
        body: "code=abc&state=xyz",
      }),
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/api/auth/callback/google");
    expect(Object.fromEntries(location.searchParams)).toEqual({ code: "abc", state: "xyz" });
    // Other state-changing endpoints still refuse the same foreign origin.
    const other = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/sign-out", { method: "POST", headers: { origin: "https://accounts.google.com" } }),
    );
    expect(other.status).toBe(403);
    await t.destroy();
  });
});
