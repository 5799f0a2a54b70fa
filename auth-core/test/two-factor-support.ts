import { expect } from "vitest";
import { totpCodeFor, type TestAuth, type TestBrowser } from "../testing/index.js";

/** The password signUpPerson (auth-core/testing) gives everyone. */
export const PASSWORD = "correct horse battery";

export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/**
 * Turns two-factor on for the person signed in in `browser`: enable with the password, then the
 * app's first code. The clock moves on one TOTP step, so the next sign-in's code is not the one
 * the confirmation used.
 */
export async function turnOnTwoFactor(t: TestAuth, browser: TestBrowser, password = PASSWORD): Promise<TwoFactorEnrolment> {
  const enabled = await browser.post("/two-factor/enable", { password });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as TwoFactorEnrolment;
  expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
  t.clock.advance(30_000);
  return { totpURI, backupCodes };
}

/** The email of the session `browser` holds, or null. */
export async function sessionEmail(browser: TestBrowser): Promise<string | null> {
  const body = (await (await browser.get("/get-session")).json()) as { user: { email: string } } | null;
  return body?.user.email ?? null;
}
