import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, person, runFlow, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

describe.each(testDialects())("unlink-account on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("refuses to unlink the last account with FAILED_TO_UNLINK_LAST_ACCOUNT", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    await runFlow(browser, idp);
    const response = await browser.post("/unlink-account", { providerId: "google" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "FAILED_TO_UNLINK_LAST_ACCOUNT", message: "You can't unlink your last account" });
    expect(await t.database.db.selectFrom("account").selectAll().execute()).toHaveLength(1);
  });

  it("unlinks the last account when allowUnlinkingAll", async () => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: { allowUnlinkingAll: true } } });
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    await runFlow(browser, idp);
    expect(await (await browser.post("/unlink-account", { providerId: "google" })).json()).toEqual({ status: true });
    expect(await (await browser.get("/list-accounts")).json()).toEqual([]);
  });

  it("unlinks one of two accounts, by provider and by the provider's account id", async () => {
    t = await createSocialAuth(dialect, idp);
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Two", email: "two@example.com", password: "long enough password" });
    const googler = person({ email: "two@example.com" });
    idp.setPerson(googler);
    await runFlow(browser, idp, { callbackURL: "/settings" }, "/link-social");
    const wrongId = await browser.post("/unlink-account", { providerId: "google", accountId: "not-this-one" });
    expect(wrongId.status).toBe(400);
    expect(((await wrongId.json()) as { code: string }).code).toBe("ACCOUNT_NOT_FOUND");
    const unknown = await browser.post("/unlink-account", { providerId: "github" });
    expect(((await unknown.json()) as { code: string }).code).toBe("ACCOUNT_NOT_FOUND");
    expect((await browser.post("/unlink-account", { providerId: "google", accountId: googler.sub })).status).toBe(200);
    const left = (await (await browser.get("/list-accounts")).json()) as Array<{ providerId: string }>;
    expect(left.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("needs a fresh session (spec §6)", async () => {
    t = await createSocialAuth(dialect, idp, { session: { freshAge: 60 } });
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    await runFlow(browser, idp);
    t.clock.advance(61_000);
    expect((await browser.post("/unlink-account", { providerId: "google" })).status).toBe(403);
    expect((await createTestBrowser(t.auth).post("/unlink-account", { providerId: "google" })).status).toBe(401);
  });
});
