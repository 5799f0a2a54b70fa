import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import {
  createRecordingMailer,
  createSoftwareAuthenticator,
  readJSON,
  settledMail,
  settledMailedLink,
  signUpPerson,
  testDialects,
  type RecordingMailer,
  type SoftwareAuthenticator,
  type TestAuth,
  type TestAuthInput,
  type TestBrowser,
  type TestOpenIDProvider,
  type TestPerson,
} from "../testing/index.js";
import { register } from "./passkey-support.js";
import { PASSWORD as SQUATTER_PASSWORD, turnOnTwoFactor } from "./two-factor-support.js";
import {
  createSocialAuth,
  createTestBrowser,
  GOOGLE_CLIENT,
  obtainProviderTokens,
  person,
  REDIRECT_URI,
  runFlow,
  startSocialProvider,
} from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/**
 * Issue 44, finding 2: someone signs up with another person's address (it stays unverified),
 * adds a passkey, an API key and two-factor. The first proof of the address by its owner (a
 * completed reset, a provider that vouches for the address) removes all of it, ends every
 * session, and tells the owner what went.
 */
const OWNER = "owner@example.com";
const OWNER_PASSWORD = "owner-chose-this-1";

interface Squatter extends TestPerson {
  authenticator: SoftwareAuthenticator;
  key: string;
  totpURI: string;
}

describe.each(testDialects())("a squatter's additions at the owner's first proof of the address, on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  afterEach(async () => {
    await t.destroy();
  });

  async function setup(options: NonNullable<TestAuthInput["options"]> = {}): Promise<void> {
    mailer = createRecordingMailer();
    t = await createSocialAuth(dialect, idp, {
      mailer,
      rateLimit: { enabled: false },
      twoFactor: { enabled: true },
      emailVerification: { sendOnSignUp: false },
      ...options,
    });
  }

  /** A passkey, an API key, two-factor on: what the person signed in on the account adds. */
  async function addEverything(browser: TestBrowser, password: string): Promise<{ authenticator: SoftwareAuthenticator; key: string; totpURI: string }> {
    const authenticator = createSoftwareAuthenticator();
    await register(browser, authenticator, "added before the proof");
    const created = await browser.post("/api-key/create", { name: "added before the proof" });
    expect(created.status).toBe(200);
    const { key } = await readJSON<{ key: string }>(created);
    const { totpURI } = await turnOnTwoFactor(t, browser, password);
    return { authenticator, key, totpURI };
  }

  async function squat(): Promise<Squatter> {
    const squatter = await signUpPerson(t.auth, "Squatter", OWNER);
    return { ...squatter, ...(await addEverything(squatter.browser, SQUATTER_PASSWORD)) };
  }

  async function resetPassword(newPassword: string): Promise<void> {
    mailer.messages.length = 0;
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email: OWNER, redirectTo: "/reset" })).status).toBe(200);
    const link = await settledMailedLink(t.auth, mailer.messages, "/reset-password/", OWNER);
    const token = link.pathname.split("/").at(-1)!;
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword })).status).toBe(200);
  }

  async function passwordSignIn(password: string): Promise<{ status: number; body: { twoFactorRedirect?: boolean; token?: string }; browser: TestBrowser }> {
    const browser = createTestBrowser(t.auth);
    const response = await browser.post("/sign-in/email", { email: OWNER, password });
    return { status: response.status, body: response.status === 200 ? await readJSON(response) : {}, browser };
  }

  /** The passkey's sign-in, as its holder's browser would try it. */
  async function passkeySignIn(authenticator: SoftwareAuthenticator): Promise<Response> {
    const browser = createTestBrowser(t.auth);
    const options = await readJSON<PublicKeyCredentialRequestOptionsJSON>(await browser.get("/passkey/generate-authenticate-options"));
    return browser.post("/passkey/verify-authentication", { response: authenticator.getAssertion(options) });
  }

  async function keyIsValid(key: string): Promise<boolean> {
    const answer = await readJSON<{ valid: boolean }>(await createTestBrowser(t.auth).post("/api-key/verify", { key }));
    return answer.valid;
  }

  async function sessionOf(browser: TestBrowser): Promise<{ user: { id: string; twoFactorEnabled: boolean; emailVerified: boolean } } | null> {
    return readJSON(await browser.get("/get-session"));
  }

  async function removalNotice(): Promise<MailMessage> {
    return settledMail(t.auth, mailer.messages, (m) => m.to === OWNER && /removed/i.test(m.subject), "the removal notice");
  }

  async function rowsOf(userId: string): Promise<{ passkeys: number; twoFactor: number; sessions: number; keys: number; providers: string[] }> {
    const { db } = t.database;
    const count = async (table: "passkey" | "twoFactor" | "session"): Promise<number> =>
      (await db.selectFrom(table).select("id").where("userId", "=", userId).execute()).length;
    const keys = (await db.selectFrom("apikey").select("id").where("userId", "=", userId).execute()).length;
    const accounts = await db.selectFrom("account").select("providerId").where("userId", "=", userId).orderBy("providerId").execute();
    return {
      passkeys: await count("passkey"),
      twoFactor: await count("twoFactor"),
      sessions: await count("session"),
      keys,
      providers: accounts.map((a) => a.providerId),
    };
  }

  it("the owner's reset removes the squatter's passkey, key, two-factor and sessions; linking Google after leaves none of it", async () => {
    await setup();
    const squatter = await squat();
    // Before the proof, all of it works for the squatter.
    expect((await passkeySignIn(squatter.authenticator)).status).toBe(200);
    expect(await keyIsValid(squatter.key)).toBe(true);

    await resetPassword(OWNER_PASSWORD);

    expect((await passkeySignIn(squatter.authenticator)).status).toBe(401);
    expect(await keyIsValid(squatter.key)).toBe(false);
    expect(await sessionOf(squatter.browser)).toBeNull();
    // The owner's sign-in asks for no second step from the squatter's authenticator app.
    const owner = await passwordSignIn(OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.twoFactorRedirect).toBeUndefined();
    expect(await sessionOf(owner.browser)).toMatchObject({ user: { id: squatter.userId, twoFactorEnabled: false, emailVerified: true } });
    expect((await passwordSignIn(SQUATTER_PASSWORD)).status).toBe(401);

    const notice = await removalNotice();
    expect(notice.text).toMatch(/1 passkey/);
    expect(notice.text).toMatch(/1 API key/);
    expect(notice.text).toMatch(/two-factor/i);
    expect(notice.text).toMatch(/signed out/i);
    expect(notice.text).not.toMatch(/token=|\/api\/auth\//);
    // The name is the squatter's choice: the notice greets nobody by it.
    expect(notice.text).not.toContain("Squatter");

    // Then the owner links Google: the account holds the owner's password and Google, nothing else.
    idp.setPerson(person({ email: OWNER, emailVerified: true }));
    expect((await runFlow(owner.browser, idp, {}, "/link-social")).location).toBe("/dashboard");
    expect((await passkeySignIn(squatter.authenticator)).status).toBe(401);
    expect(await keyIsValid(squatter.key)).toBe(false);
    expect(await rowsOf(squatter.userId)).toEqual({ passkeys: 0, twoFactor: 0, sessions: 1, keys: 0, providers: ["credential", "google"] });
    const events = await t.database.db.selectFrom("securityEvent").select(["type", "detail"]).where("type", "=", "unproven-additions-removed").execute();
    expect(events.map((e) => JSON.parse(String(e.detail)).removed as string).sort()).toEqual(["api-keys", "passkeys", "sessions", "two-factor"]);
  });

  it("an owner who proved the address, then turned two-factor on, keeps it and the passkey through a reset", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const owner = await signUpPerson(t.auth, "Owner", OWNER);
    // The verification link opened in the browser that signed up: the address is proven.
    const verify = await settledMailedLink(t.auth, mailer.messages, "/verify-email", OWNER);
    expect((await owner.browser.get(`${verify.pathname.replace("/api/auth", "")}${verify.search}`)).status).toBe(302);
    const added = await addEverything(owner.browser, SQUATTER_PASSWORD);

    await resetPassword(OWNER_PASSWORD);

    expect((await passwordSignIn(OWNER_PASSWORD)).body.twoFactorRedirect).toBe(true);
    expect((await passkeySignIn(added.authenticator)).status).toBe(200);
    expect(await keyIsValid(added.key)).toBe(true);
    expect((await rowsOf(owner.userId)).twoFactor).toBe(1);
    await t.auth.settled();
    expect(mailer.messages.filter((m) => /removed/i.test(m.subject))).toEqual([]);
  });

  it("Google sign-in into the unverified account (the library default) removes the passkey, key, two-factor, sessions and the squatter's password", async () => {
    await setup();
    const squatter = await squat();
    idp.setPerson(person({ email: OWNER, emailVerified: true }));
    const owner = createTestBrowser(t.auth);
    expect((await runFlow(owner, idp)).location).toBe("/dashboard");

    expect(await sessionOf(owner)).toMatchObject({ user: { id: squatter.userId, twoFactorEnabled: false, emailVerified: true } });
    expect(await sessionOf(squatter.browser)).toBeNull();
    expect((await passkeySignIn(squatter.authenticator)).status).toBe(401);
    expect(await keyIsValid(squatter.key)).toBe(false);
    expect((await passwordSignIn(SQUATTER_PASSWORD)).status).toBe(401);
    expect(await rowsOf(squatter.userId)).toEqual({ passkeys: 0, twoFactor: 0, sessions: 1, keys: 0, providers: ["google"] });
    const notice = await removalNotice();
    expect(notice.text).toMatch(/password/i);
    expect(notice.text).toMatch(/1 passkey/);
  });

  it("a Google ID-token sign-in is a proof as well; a provider account the squatter linked goes at the owner's reset", async () => {
    await setup({ account: { accountLinking: { allowDifferentEmails: true } } });
    const squatter = await squat();
    // The squatter links a Google account of their own (another address, allowed here).
    const squattersGoogle = person({ email: "squatter@evil.example", emailVerified: true });
    idp.setPerson(squattersGoogle);
    expect((await runFlow(squatter.browser, idp, {}, "/link-social")).location).toBe("/dashboard");

    await resetPassword(OWNER_PASSWORD);

    expect(await rowsOf(squatter.userId)).toMatchObject({ providers: ["credential"] });
    expect((await removalNotice()).text).toMatch(/linked Google account/);
    // The squatter's Google account no longer signs in to the owner's account.
    const again = createTestBrowser(t.auth);
    expect((await runFlow(again, idp)).location).toBe("/dashboard");
    expect((await sessionOf(again))?.user.id).not.toBe(squatter.userId);
  });

  it("a Google ID token that vouches for the address removes what the squatter added", async () => {
    await setup();
    const squatter = await squat();
    idp.setPerson(person({ email: OWNER, emailVerified: true }));
    const nonce = "first-proof";
    const { id_token } = await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce });
    const owner = createTestBrowser(t.auth);
    expect((await owner.post("/sign-in/social", { provider: "google", idToken: { token: id_token, nonce } })).status).toBe(200);
    expect(await sessionOf(owner)).toMatchObject({ user: { id: squatter.userId, twoFactorEnabled: false } });
    expect((await passkeySignIn(squatter.authenticator)).status).toBe(401);
    expect((await passwordSignIn(SQUATTER_PASSWORD)).status).toBe(401);
    expect(await rowsOf(squatter.userId)).toEqual({ passkeys: 0, twoFactor: 0, sessions: 1, keys: 0, providers: ["google"] });
  });

  it("the owner following the squatter's verification link first does not spare the squatter at the reset", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const squatter = await squat();
    // The mail the squatter's sign-up sent reaches the owner, who follows it in a browser of their own, a day later.
    t.clock.advance(24 * 60 * 60 * 1000);
    const verify = await settledMailedLink(t.auth, mailer.messages, "/verify-email", OWNER);
    expect((await createTestBrowser(t.auth).get(`${verify.pathname.replace("/api/auth", "")}${verify.search}`)).status).toBe(302);
    // The squatter still holds the password: verifying removed nothing, and the squatter keeps going.
    expect((await passkeySignIn(squatter.authenticator)).status).toBe(200);

    await resetPassword(OWNER_PASSWORD);

    expect((await passkeySignIn(squatter.authenticator)).status).toBe(401);
    expect(await keyIsValid(squatter.key)).toBe(false);
    expect(await sessionOf(squatter.browser)).toBeNull();
    // The squatter turned two-factor on before the address was proven: it goes too.
    expect((await passwordSignIn(OWNER_PASSWORD)).body.twoFactorRedirect).toBeUndefined();
  });

  it("cancels the invitations the squatter sent; the organization stays, named in the notice", async () => {
    await setup();
    const squatter = await signUpPerson(t.auth, "Squatter", OWNER);
    expect((await squatter.browser.post("/organization/create", { name: "Squatter Labs", slug: "squatter-labs" })).status).toBe(200);
    expect((await squatter.browser.post("/organization/invite-member", { email: "accomplice@example.net", role: "admin" })).status).toBe(200);

    await resetPassword(OWNER_PASSWORD);

    const invitations = await t.database.db.selectFrom("invitation").select("status").execute();
    expect(invitations).toEqual([{ status: "canceled" }]);
    expect(await t.database.db.selectFrom("member").select("userId").execute()).toEqual([{ userId: squatter.userId }]);
    const notice = await removalNotice();
    expect(notice.text).toMatch(/1 pending invitation/);
    expect(notice.text).toContain("Squatter Labs");
  });

  it("after a verification link opened outside the person's session, two-factor turned on later survives the reset; the passkey does not", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const person = await signUpPerson(t.auth, "Owner", OWNER);
    const verify = await settledMailedLink(t.auth, mailer.messages, "/verify-email", OWNER);
    expect((await createTestBrowser(t.auth).get(`${verify.pathname.replace("/api/auth", "")}${verify.search}`)).status).toBe(302);
    t.clock.advance(60_000);
    // Turned on once the address was proven: whoever reads the mailbox must not be able to strip it.
    const added = await addEverything(person.browser, SQUATTER_PASSWORD);

    await resetPassword(OWNER_PASSWORD);

    expect((await passwordSignIn(OWNER_PASSWORD)).body.twoFactorRedirect).toBe(true);
    expect((await rowsOf(person.userId)).twoFactor).toBe(1);
    // Who added the passkey is not known (the password's holder may not be the mailbox's): it goes.
    expect((await passkeySignIn(added.authenticator)).status).toBe(401);
    expect(await keyIsValid(added.key)).toBe(false);
    expect((await removalNotice()).text).not.toMatch(/two-factor/i);
  });

  it("a proven account that moves to a new address keeps two-factor and passkeys through a reset at the new one", async () => {
    await setup({ emailVerification: { sendOnSignUp: true }, user: { changeEmail: { enabled: true } } });
    const person = await signUpPerson(t.auth, "Owner", "first@example.com");
    const verify = await settledMailedLink(t.auth, mailer.messages, "/verify-email", "first@example.com");
    expect((await person.browser.get(`${verify.pathname.replace("/api/auth", "")}${verify.search}`)).status).toBe(302);
    const added = await addEverything(person.browser, SQUATTER_PASSWORD);
    // A verified account's change: confirmed from the current address, then the new one is unverified.
    mailer.messages.length = 0;
    expect((await person.browser.post("/change-email", { newEmail: OWNER })).status).toBe(200);
    const confirm = await settledMailedLink(t.auth, mailer.messages, "/verify-email", "first@example.com");
    expect((await person.browser.get(`${confirm.pathname.replace("/api/auth", "")}${confirm.search}`)).status).toBe(302);
    expect(await sessionOf(person.browser)).toMatchObject({ user: { emailVerified: false } });

    await resetPassword(OWNER_PASSWORD);

    expect((await passwordSignIn(OWNER_PASSWORD)).body.twoFactorRedirect).toBe(true);
    expect((await passkeySignIn(added.authenticator)).status).toBe(200);
    expect(await keyIsValid(added.key)).toBe(true);
  });

  it("a person who signs up and verifies in another browser keeps the sign-up session", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const person = await signUpPerson(t.auth, "Owner", OWNER);
    const verify = await settledMailedLink(t.auth, mailer.messages, "/verify-email", OWNER);
    expect((await createTestBrowser(t.auth).get(`${verify.pathname.replace("/api/auth", "")}${verify.search}`)).status).toBe(302);
    expect(await sessionOf(person.browser)).toMatchObject({ user: { emailVerified: true } });
    await t.auth.settled();
    expect(mailer.messages.filter((m) => /removed/i.test(m.subject))).toEqual([]);
  });
});
