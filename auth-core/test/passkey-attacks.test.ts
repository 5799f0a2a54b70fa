import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WirePasskey } from "../src/shared/wire-types.js";
import {
  createSoftwareAuthenticator,
  createTestAuth,
  createTestBrowser,
  testDialects,
  type SoftwareAuthenticator,
  type TestAuth,
  type TestBrowser,
} from "../testing/index.js";
import { register, registerOptions, signUp } from "./passkey-support.js";

const CHALLENGE_COOKIE = "gatehouse.passkey_challenge";

async function authenticateOptions(browser: TestBrowser, email?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const response =
    email === undefined ? await browser.get("/passkey/generate-authenticate-options") : await browser.post("/passkey/generate-authenticate-options", { email });
  expect(response.status).toBe(200);
  return (await response.json()) as PublicKeyCredentialRequestOptionsJSON;
}

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(((await response.json()) as { code: string }).code).toBe(code);
  expect(response.headers.getSetCookie().some((c) => c.startsWith("gatehouse.session_token="))).toBe(false);
}

describe.each(testDialects())("passkey ceremonies under attack on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestBrowser;
  let adaKey: SoftwareAuthenticator;
  let adaPasskey: WirePasskey;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
    ada = await signUp(t, "Ada", "ada@example.com");
    adaKey = createSoftwareAuthenticator();
    adaPasskey = await register(ada, adaKey);
  });
  afterEach(async () => {
    await t.destroy();
  });

  async function storedCounter(): Promise<number> {
    const row = await t.database.db.selectFrom("passkey").select("counter").where("id", "=", adaPasskey.id).executeTakeFirstOrThrow();
    return Number(row.counter);
  }

  it("refuses a replayed challenge, and an old assertion against a new challenge", async () => {
    const browser = createTestBrowser(t.auth);
    const assertion = adaKey.getAssertion(await authenticateOptions(browser, "ada@example.com"));
    const boundCookie = browser.cookies.get(CHALLENGE_COOKIE)!;
    expect((await browser.post("/passkey/verify-authentication", { response: assertion })).status).toBe(200);

    // The attacker restores the challenge cookie and sends the very same request again.
    browser.cookies.delete("gatehouse.session_token");
    browser.cookies.set(CHALLENGE_COOKIE, boundCookie);
    await expectError(await browser.post("/passkey/verify-authentication", { response: assertion }), 400, "CHALLENGE_NOT_FOUND");

    // Or asks for a fresh challenge and sends the old assertion with it.
    await authenticateOptions(browser, "ada@example.com");
    await expectError(await browser.post("/passkey/verify-authentication", { response: assertion }), 401, "AUTHENTICATION_FAILED");
  });

  it("refuses a challenge that is missing, forged or bound to another browser", async () => {
    const holder = createTestBrowser(t.auth);
    const assertion = adaKey.getAssertion(await authenticateOptions(holder, "ada@example.com"));
    const thief = createTestBrowser(t.auth);
    await expectError(await thief.post("/passkey/verify-authentication", { response: assertion }), 400, "CHALLENGE_NOT_FOUND");
    const [token] = holder.cookies.get(CHALLENGE_COOKIE)!.split(".");
    thief.cookies.set(CHALLENGE_COOKIE, `${token}.forged-signature`);
    await expectError(await thief.post("/passkey/verify-authentication", { response: assertion }), 400, "CHALLENGE_NOT_FOUND");
    // The holder's challenge was not spent by those attempts.
    expect((await holder.post("/passkey/verify-authentication", { response: assertion })).status).toBe(200);
  });

  it("refuses an assertion made for another origin", async () => {
    const browser = createTestBrowser(t.auth);
    const options = await authenticateOptions(browser, "ada@example.com");
    const phished = adaKey.getAssertion(options, { origin: "https://gatehouse.evil.example" });
    await expectError(await browser.post("/passkey/verify-authentication", { response: phished }), 401, "AUTHENTICATION_FAILED");

    const registration = createSoftwareAuthenticator().createCredential(await registerOptions(ada), { origin: "https://gatehouse.evil.example" });
    await expectError(await ada.post("/passkey/verify-registration", { response: registration }), 400, "FAILED_TO_VERIFY_REGISTRATION");
  });

  it("refuses authenticator data for another rpID", async () => {
    const browser = createTestBrowser(t.auth);
    const options = await authenticateOptions(browser, "ada@example.com");
    const assertion = adaKey.getAssertion(options, { rpID: "evil.example" });
    await expectError(await browser.post("/passkey/verify-authentication", { response: assertion }), 401, "AUTHENTICATION_FAILED");

    const registration = createSoftwareAuthenticator().createCredential(await registerOptions(ada), { rpID: "evil.example" });
    await expectError(await ada.post("/passkey/verify-registration", { response: registration }), 400, "FAILED_TO_VERIFY_REGISTRATION");
  });

  it("refuses a cloned authenticator whose counter goes backwards", async () => {
    const clone = adaKey.clone();
    const browser = createTestBrowser(t.auth);
    for (let i = 0; i < 2; i++) {
      const ok = await browser.post("/passkey/verify-authentication", { response: adaKey.getAssertion(await authenticateOptions(browser, "ada@example.com")) });
      expect(ok.status).toBe(200);
    }
    expect(await storedCounter()).toBe(2);
    t.clock.advance(10_000); // a fresh window of the passkey sign-in rate limit (3 per 10 s)
    const cloned = clone.getAssertion(await authenticateOptions(browser, "ada@example.com"));
    await expectError(await browser.post("/passkey/verify-authentication", { response: cloned }), 401, "AUTHENTICATION_FAILED");
    // A counter that merely stands still is refused too; the stored counter is untouched.
    const still = adaKey.getAssertion(await authenticateOptions(browser, "ada@example.com"), { counter: 2 });
    await expectError(await browser.post("/passkey/verify-authentication", { response: still }), 401, "AUTHENTICATION_FAILED");
    expect(await storedCounter()).toBe(2);
  });

  it("refuses one person's credential presented for another", async () => {
    const bo = await signUp(t, "Bo", "bo@example.com");
    const boKey = createSoftwareAuthenticator();
    const boPasskey = await register(bo, boKey);
    const browser = createTestBrowser(t.auth);
    // Options for Ada allow only Ada's credential; Bo's answers them anyway.
    const forAda = await authenticateOptions(browser, "ada@example.com");
    expect(forAda.allowCredentials?.map((c) => c.id)).toEqual([adaPasskey.credentialID]);
    const boAssertion = boKey.getAssertion(forAda, { credentialID: boPasskey.credentialID });
    await expectError(await browser.post("/passkey/verify-authentication", { response: boAssertion }), 401, "AUTHENTICATION_FAILED");

    // A discoverable assertion whose user handle names Ada but whose credential is Bo's.
    const adaHandle = Buffer.from(adaKey.credentials[0]!.userHandle).toString("base64url");
    const relabelled = boKey.getAssertion(await authenticateOptions(browser));
    relabelled.response.userHandle = adaHandle;
    await expectError(await browser.post("/passkey/verify-authentication", { response: relabelled }), 401, "AUTHENTICATION_FAILED");

    const failures = await t.database.db
      .selectFrom("securityEvent")
      .select(["userId", "detail"])
      .where("type", "=", "sign-in")
      .where("outcome", "=", "failure")
      .orderBy("createdAt")
      .execute();
    expect(failures.map((f) => JSON.parse(f.detail!) as { reason: string }).map((d) => d.reason)).toEqual([
      "credential-of-another-user",
      "user-handle-mismatch",
    ]);
  });

  it("refuses a challenge after its lifetime on the injected clock", async () => {
    const browser = createTestBrowser(t.auth);
    const late = adaKey.getAssertion(await authenticateOptions(browser, "ada@example.com"));
    t.clock.advance(5 * 60 * 1000 + 1);
    await expectError(await browser.post("/passkey/verify-authentication", { response: late }), 400, "CHALLENGE_NOT_FOUND");

    const inTime = adaKey.getAssertion(await authenticateOptions(browser, "ada@example.com"));
    t.clock.advance(5 * 60 * 1000 - 1000);
    expect((await browser.post("/passkey/verify-authentication", { response: inTime })).status).toBe(200);

    const registration = createSoftwareAuthenticator().createCredential(await registerOptions(ada));
    t.clock.advance(5 * 60 * 1000 + 1);
    await expectError(await ada.post("/passkey/verify-registration", { response: registration }), 400, "CHALLENGE_NOT_FOUND");
  });

  it("never lets a registration challenge finish an authentication, or the reverse", async () => {
    const registration = await registerOptions(ada);
    const assertion = adaKey.getAssertion({ challenge: registration.challenge, rpId: "localhost", allowCredentials: [] });
    await expectError(await ada.post("/passkey/verify-authentication", { response: assertion }), 400, "CHALLENGE_NOT_FOUND");

    const authentication = await authenticateOptions(ada);
    const credential = createSoftwareAuthenticator().createCredential({ ...registration, challenge: authentication.challenge });
    await expectError(await ada.post("/passkey/verify-registration", { response: credential }), 400, "CHALLENGE_NOT_FOUND");
    expect((await (await ada.get("/passkey/list-user-passkeys")).json()) as WirePasskey[]).toHaveLength(1);
  });

  it("refuses a registration challenge finished by whoever signed in after it was issued", async () => {
    const options = await registerOptions(ada);
    await ada.post("/sign-out");
    expect((await ada.post("/sign-up/email", { name: "Mallory", email: "mallory@example.com", password: "correct horse battery" })).status).toBe(200);
    const credential = createSoftwareAuthenticator().createCredential(options);
    await expectError(await ada.post("/passkey/verify-registration", { response: credential }), 401, "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY");
  });
});
