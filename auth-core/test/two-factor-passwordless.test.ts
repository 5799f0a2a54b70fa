import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signUpPerson, testDialects, totpCodeFor, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, person, runFlow, startSocialProvider } from "./social-harness.js";
import { PASSWORD } from "./two-factor-support.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/**
 * Two-factor for a person without a password (issue 48, Build 5): better-auth's `allowPasswordless`
 * wire (the password optional on enable, get-totp-uri, generate-backup-codes and disable), with a
 * fresh session standing in for the password; a person with a password still gives it.
 */
describe.each(testDialects())("two-factor without a password, on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("a Google-only person turns two-factor on with a fresh session, is asked at the next Google sign-in, and manages and turns it off the same way", async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false }, twoFactor: { enabled: true }, session: { freshAge: 300 } });
    idp.setPerson(person({ email: "ada@example.com" }));
    const browser = createTestBrowser(t.auth);
    expect((await runFlow(browser, idp)).location).toBe("/dashboard");

    const enabled = await browser.post("/two-factor/enable", {});
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
    t.clock.advance(30_000);

    // The password is optional: a URI and new codes with the session alone.
    const uri = await browser.post("/two-factor/get-totp-uri", {});
    expect(uri.status).toBe(200);
    expect(((await uri.json()) as { totpURI: string }).totpURI).toBe(totpURI);
    const codes = await browser.post("/two-factor/generate-backup-codes", {});
    expect(codes.status).toBe(200);

    // A session past freshAge is no proof: 403 SESSION_NOT_FRESH, nothing changes.
    t.clock.advance(301_000);
    for (const path of ["/two-factor/get-totp-uri", "/two-factor/generate-backup-codes", "/two-factor/disable"]) {
      const stale = await browser.post(path, {});
      expect(stale.status, path).toBe(403);
      expect(((await stale.json()) as { code: string }).code, path).toBe("SESSION_NOT_FRESH");
    }

    // The next Google sign-in stops at the second step.
    const next = createTestBrowser(t.auth);
    const flow = await runFlow(next, idp);
    expect(flow.location).toBe("/two-factor?redirect=%2Fdashboard");
    expect(next.cookies.has("gatehouse.session_token")).toBe(false);
    expect((await next.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
    // The session the step started is fresh: it turns two-factor off.
    expect((await next.post("/two-factor/disable", {})).status).toBe(200);
    const session = (await (await next.get("/get-session")).json()) as { user: { twoFactorEnabled: boolean } };
    expect(session.user.twoFactorEnabled).toBe(false);
  });

  it("a stale session cannot start an enrolment either", async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false }, twoFactor: { enabled: true }, session: { freshAge: 300 } });
    idp.setPerson(person({ email: "lin@example.com" }));
    const browser = createTestBrowser(t.auth);
    await runFlow(browser, idp);
    t.clock.advance(301_000);
    const stale = await browser.post("/two-factor/enable", {});
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { code: string }).code).toBe("SESSION_NOT_FRESH");
  });

  it("a person with a password still gives it, however fresh the session", async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false }, twoFactor: { enabled: true } });
    const pat = await signUpPerson(t.auth, "Pat", "pat@example.com");
    const refused = await pat.browser.post("/two-factor/enable", {});
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("INVALID_PASSWORD");
    expect((await pat.browser.post("/two-factor/enable", { password: PASSWORD })).status).toBe(200);
  });
});
