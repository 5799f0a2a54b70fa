import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createSoftwareAuthenticator, createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";
import { register, signUp } from "./passkey-support.js";

/** Adding a passkey needs a fresh session (freshAge, default 1 day): a stolen session cannot plant one. */
describe.each(testDialects())("passkey registration freshness on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => t.destroy());

  it("offers registration options to a fresh session only", async () => {
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Fresh", email: "fresh@example.com", password: "larch-ribbon-123" });
    expect((await browser.get("/passkey/generate-register-options")).status).toBe(200);

    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const stale = await browser.get("/passkey/generate-register-options");
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
    const verify = await browser.post("/passkey/verify-registration", { response: {}, name: "x" });
    expect(verify.status).toBe(403);

    // Signing in again makes a fresh session, and registration works again.
    await browser.post("/sign-in/email", { email: "fresh@example.com", password: "larch-ribbon-123" });
    expect((await browser.get("/passkey/generate-register-options")).status).toBe(200);
  });
});

/**
 * Deleting a passkey once needed no recent sign-in and told nobody (a security review's finding).
 * It needs a fresh session now, as adding one does, and the owner is mailed, as for an added one.
 */
describe.each(testDialects())("passkey deletion freshness and notice on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  beforeEach(async () => {
    mails.length = 0;
    t = await createTestAuth({ dialect, options: { mailer: { send: async (m) => void mails.push(m) } } });
  });
  afterEach(async () => t.destroy());

  it("refuses a stale session, then deletes on a fresh one and mails the owner", async () => {
    const browser = await signUp(t, "Owner", "owner@example.com");
    const passkey = await register(browser, createSoftwareAuthenticator(), "Work laptop");
    await t.auth.settled();
    mails.length = 0;

    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const stale = await browser.post("/passkey/delete-passkey", { id: passkey.id });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
    expect(((await (await browser.get("/passkey/list-user-passkeys")).json()) as unknown[]).length).toBe(1);
    await t.auth.settled();
    expect(mails).toEqual([]);

    await browser.post("/sign-in/email", { email: "owner@example.com", password: "correct horse battery" });
    expect((await browser.post("/passkey/delete-passkey", { id: passkey.id })).status).toBe(200);
    await t.auth.settled();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["owner@example.com", "A passkey was removed from your Gatehouse account"]]);
    expect(mails[0]!.text).toContain('The passkey named "Work laptop" was just removed from your account.');
  });
});
