import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../src/testing/index.js";

/** Adding a passkey needs a fresh session (freshAge, default 1 day): a stolen session cannot plant one. */
describe.each(testDialects())("passkey registration freshness on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => t.destroy());

  it("offers registration options to a fresh session only", async () => {
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Fresh", email: "fresh@example.com", password: "password-123" });
    expect((await browser.get("/passkey/generate-register-options")).status).toBe(200);

    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const stale = await browser.get("/passkey/generate-register-options");
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
    const verify = await browser.post("/passkey/verify-registration", { response: {}, name: "x" });
    expect(verify.status).toBe(403);

    // Signing in again makes a fresh session, and registration works again.
    await browser.post("/sign-in/email", { email: "fresh@example.com", password: "password-123" });
    expect((await browser.get("/passkey/generate-register-options")).status).toBe(200);
  });
});
