import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { expect } from "vitest";
import type { WirePasskey } from "../src/shared/wire-types.js";
import { createTestBrowser, type SoftwareAuthenticator, type TestAuth, type TestBrowser } from "../testing/index.js";

/** The steps every passkey test file takes: a signed-up browser and a registered passkey. */
export async function signUp(t: TestAuth, name: string, email: string): Promise<TestBrowser> {
  const browser = createTestBrowser(t.auth);
  expect((await browser.post("/sign-up/email", { name, email, password: "correct horse battery" })).status).toBe(200);
  return browser;
}

export async function registerOptions(browser: TestBrowser): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return (await (await browser.get("/passkey/generate-register-options")).json()) as PublicKeyCredentialCreationOptionsJSON;
}

export async function register(browser: TestBrowser, authenticator: SoftwareAuthenticator, name?: string): Promise<WirePasskey> {
  const response = await browser.post("/passkey/verify-registration", { response: authenticator.createCredential(await registerOptions(browser)), name });
  expect(response.status).toBe(200);
  return (await response.json()) as WirePasskey;
}
