import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { createSoftwareAuthenticator, testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, person, runFlow, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/**
 * The anonymous hand-over moves what an anonymous session made to the person who signs in on
 * that browser. It moved the anonymous user's sign-in methods too: a password (set through the
 * server's set-password) or a passkey added by whoever held the anonymous session (a shared
 * computer, a planted cookie) became a way into the real person's account, which that person
 * never authenticated. Sign-in methods stay with the anonymous user.
 */
describe.each(testDialects())("anonymous hand-over and sign-in methods on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("a password set during the anonymous session does not sign in to the real account", async () => {
    t = await createSocialAuth(dialect, idp);
    const kiosk = createTestBrowser(t.auth);
    const anonymous = ((await (await kiosk.post("/sign-in/anonymous")).json()) as { user: { id: string } }).user;
    await t.auth.api.setPassword({ body: { newPassword: "planted-password" }, headers: { cookie: kiosk.cookieHeader() } });

    const victim = person({ email: "victim@example.com" });
    idp.setPerson(victim);
    expect((await runFlow(kiosk, idp)).location).toBe("/dashboard");
    const real = (await (await kiosk.get("/get-session")).json()) as { user: { id: string } };
    expect(real.user.id).not.toBe(anonymous.id);

    const planted = await createTestBrowser(t.auth).post("/sign-in/email", { email: "victim@example.com", password: "planted-password" });
    expect(planted.status).toBe(401);
    const accounts = await t.database.db.selectFrom("account").select("providerId").where("userId", "=", real.user.id).execute();
    expect(accounts).toEqual([{ providerId: "google" }]);
  });

  it("a passkey registered during the anonymous session does not sign in to the real account", async () => {
    t = await createSocialAuth(dialect, idp);
    const kiosk = createTestBrowser(t.auth);
    await kiosk.post("/sign-in/anonymous");
    const planted = createSoftwareAuthenticator();
    const options = (await (await kiosk.get("/passkey/generate-register-options")).json()) as PublicKeyCredentialCreationOptionsJSON;
    expect((await kiosk.post("/passkey/verify-registration", { response: planted.createCredential(options) })).status).toBe(200);

    idp.setPerson(person({ email: "victim@example.com" }));
    expect((await runFlow(kiosk, idp)).location).toBe("/dashboard");

    // The attacker asks for the victim's credentials by email and answers without a user handle
    // (a non-resident credential has none; the signature does not cover it).
    const attacker = createTestBrowser(t.auth);
    const optionsFor = await attacker.post("/passkey/generate-authenticate-options", { email: "victim@example.com" });
    if (optionsFor.status === 200) {
      const assertion = planted.getAssertion((await optionsFor.json()) as PublicKeyCredentialRequestOptionsJSON);
      const { userHandle: _omitted, ...response } = assertion.response;
      const signIn = await attacker.post("/passkey/verify-authentication", { response: { ...assertion, response } });
      expect(signIn.status).toBe(401);
    } else {
      expect(optionsFor.status).toBe(404); // the victim has no passkey at all
    }
    expect(await (await attacker.get("/get-session")).json()).toBeNull();
  });
});
