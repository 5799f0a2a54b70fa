import type { AuditEventType } from "../src/shared/audit-events.js";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WirePasskey, WireSessionResult } from "../src/shared/wire-types.js";
import { createSoftwareAuthenticator, createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";
import { register, signUp } from "./passkey-support.js";

async function securityEvents(
  t: TestAuth,
  type: AuditEventType,
): Promise<Array<{ outcome: string; method: string | null; detail: string | null; userId: string | null }>> {
  return t.database.db.selectFrom("securityEvent").select(["outcome", "method", "detail", "userId"]).where("type", "=", type).orderBy("createdAt").execute();
}

describe.each(testDialects())("passkey ceremonies on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("gives registration options the browser library accepts, with the spec's constants", async () => {
    const browser = await signUp(t, "Ada", "ada@example.com");
    const response = await browser.get("/passkey/generate-register-options?authenticatorAttachment=platform&name=Laptop");
    expect(response.status).toBe(200);
    const options = (await response.json()) as PublicKeyCredentialCreationOptionsJSON;
    expect(options.rp).toEqual({ name: "Gatehouse", id: "localhost" });
    expect(options.timeout).toBe(60000);
    expect(options.attestation).toBe("none");
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "preferred", userVerification: "preferred", authenticatorAttachment: "platform" });
    expect(options.user.name).toBe("Laptop");
    expect(options.user.displayName).toBe("Ada");
    const userHandle = Buffer.from(options.user.id, "base64url");
    expect(userHandle.length).toBeGreaterThanOrEqual(1);
    expect(userHandle.length).toBeLessThanOrEqual(64);
    expect(Buffer.from(options.challenge, "base64url").length).toBe(32);
    expect(options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);
    expect(options.excludeCredentials).toEqual([]);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("gatehouse.passkey_challenge="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=300/);

    browser.cookies.clear();
    const anonymous = await browser.get("/passkey/generate-register-options");
    expect(anonymous.status).toBe(401);
  });

  it("registers, lists, renames, signs in with and deletes a passkey", async () => {
    const browser = await signUp(t, "Ada", "ada@example.com");
    const authenticator = createSoftwareAuthenticator();
    const passkey = await register(browser, authenticator, "Laptop");
    expect(passkey).toMatchObject({ name: "Laptop", counter: 0, deviceType: "multiDevice", backedUp: true, transports: "internal,hybrid" });
    expect(passkey.aaguid).toBe("00000000-0000-0000-0000-000000000000");
    expect(passkey.credentialID).toBe(Buffer.from(authenticator.credentials[0]!.id).toString("base64url"));
    expect(passkey).not.toHaveProperty("publicKey");
    expect(browser.cookies.has("gatehouse.passkey_challenge")).toBe(false);

    const listed = (await (await browser.get("/passkey/list-user-passkeys")).json()) as WirePasskey[];
    expect(listed).toEqual([passkey]);

    const renamed = await browser.post("/passkey/update-passkey", { id: passkey.id, name: "Work laptop" });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { passkey: WirePasskey }).passkey).toEqual({ ...passkey, name: "Work laptop" });

    // Signed out, the passkey alone signs Ada in again: email-first, as on the login screen.
    await browser.post("/sign-out");
    expect(await (await browser.get("/get-session")).json()).toBeNull();
    const optionsResponse = await browser.post("/passkey/generate-authenticate-options", { email: "ADA@example.com" });
    expect(optionsResponse.status).toBe(200);
    const options = (await optionsResponse.json()) as PublicKeyCredentialRequestOptionsJSON;
    expect(options).toMatchObject({ rpId: "localhost", timeout: 60000, userVerification: "preferred" });
    expect(options.allowCredentials).toEqual([{ id: passkey.credentialID, type: "public-key", transports: ["internal", "hybrid"] }]);
    const verified = await browser.post("/passkey/verify-authentication", { response: authenticator.getAssertion(options) });
    expect(verified.status).toBe(200);
    const result = (await verified.json()) as WireSessionResult;
    expect(result.user).toMatchObject({ email: "ada@example.com", name: "Ada" });
    expect(result.session.userId).toBe(result.user.id);
    expect(verified.headers.getSetCookie().some((c) => c.startsWith("gatehouse.session_token=") && /Max-Age=604800/.test(c))).toBe(true);
    const session = (await (await browser.get("/get-session")).json()) as WireSessionResult;
    expect(session.session.token).toBe(result.session.token);

    const afterSignIn = (await (await browser.get("/passkey/list-user-passkeys")).json()) as WirePasskey[];
    expect(afterSignIn[0]!.counter).toBe(1);

    const deleted = await browser.post("/passkey/delete-passkey", { id: passkey.id });
    expect(await deleted.json()).toEqual({ status: true });
    expect(await (await browser.get("/passkey/list-user-passkeys")).json()).toEqual([]);

    // The deleted credential no longer signs anyone in. A second later, so the log's time order
    // (the events are read by createdAt) is the order of the attempts.
    t.clock.advance(1_000);
    await browser.post("/sign-out");
    const discoverable = (await (await browser.get("/passkey/generate-authenticate-options")).json()) as PublicKeyCredentialRequestOptionsJSON;
    const gone = await browser.post("/passkey/verify-authentication", { response: authenticator.getAssertion(discoverable) });
    expect(gone.status).toBe(401);
    expect(await gone.json()).toEqual({ code: "PASSKEY_NOT_FOUND", message: "Passkey not found" });

    expect((await securityEvents(t, "passkey-added")).map((e) => e.outcome)).toEqual(["success"]);
    expect((await securityEvents(t, "passkey-renamed")).map((e) => e.outcome)).toEqual(["success"]);
    expect((await securityEvents(t, "passkey-deleted")).map((e) => e.outcome)).toEqual(["success"]);
    const signIns = (await securityEvents(t, "sign-in")).filter((e) => e.method === "passkey");
    expect(signIns.map((e) => e.outcome)).toEqual(["success", "failure"]);
  });

  it("signs in with a discoverable credential from conditional UI (GET options)", async () => {
    const browser = await signUp(t, "Bo", "bo@example.com");
    const authenticator = createSoftwareAuthenticator({ backedUp: false });
    const passkey = await register(browser, authenticator);
    // No name given, no AAGUID, no User-Agent: "Passkey" (issue 48: never unnamed; passkey-names.test).
    expect(passkey).toMatchObject({ name: "Passkey", deviceType: "singleDevice", backedUp: false });
    // Signed in, the same call offers the caller's own credentials (re-authentication).
    const own = (await (await browser.get("/passkey/generate-authenticate-options")).json()) as PublicKeyCredentialRequestOptionsJSON;
    expect(own.allowCredentials?.map((c) => c.id)).toEqual([passkey.credentialID]);
    const other = createTestBrowser(t.auth);
    const response = await other.get("/passkey/generate-authenticate-options");
    expect(response.status).toBe(200);
    const options = (await response.json()) as PublicKeyCredentialRequestOptionsJSON;
    expect(options.allowCredentials ?? []).toEqual([]);
    const verified = await other.post("/passkey/verify-authentication", { response: authenticator.getAssertion(options) });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as WireSessionResult).user.email).toBe("bo@example.com");
    expect(other.cookies.has("gatehouse.session_token")).toBe(true);
  });

  it("excludes registered credentials and keeps several passkeys per person", async () => {
    const browser = await signUp(t, "Cy", "cy@example.com");
    const phone = createSoftwareAuthenticator();
    const first = await register(browser, phone, "Phone");
    const options = (await (await browser.get("/passkey/generate-register-options")).json()) as PublicKeyCredentialCreationOptionsJSON;
    expect(options.excludeCredentials).toEqual([{ id: first.credentialID, type: "public-key", transports: ["internal", "hybrid"] }]);
    expect(() => phone.createCredential(options)).toThrow(/InvalidStateError/);
    // The same credential attested again anyway (a client ignoring excludeCredentials) is refused.
    const forced = await browser.post("/passkey/verify-registration", {
      response: phone.createCredential(options, { credentialID: first.credentialID }),
    });
    expect(forced.status).toBe(400);
    expect(await forced.json()).toEqual({ code: "FAILED_TO_VERIFY_REGISTRATION", message: "Failed to verify registration" });
    t.clock.advance(1000);
    const key = await register(browser, createSoftwareAuthenticator({ transports: ["usb"] }), "Key");
    expect(key.transports).toBe("usb");
    const listed = (await (await browser.get("/passkey/list-user-passkeys")).json()) as WirePasskey[];
    expect(listed.map((p) => p.name)).toEqual(["Phone", "Key"]);
  });

  it("answers the spec's message for a person without passkeys, and for an unknown email", async () => {
    await signUp(t, "Di", "di@example.com");
    const browser = createTestBrowser(t.auth);
    for (const email of ["di@example.com", "nobody@example.com"]) {
      const response = await browser.post("/passkey/generate-authenticate-options", { email });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        code: "NO_PASSKEY_FOUND",
        message: "No passkey found for this account. Please sign in with Google first.",
      });
    }
    const invalid = await browser.post("/passkey/generate-authenticate-options", { email: "not-an-email" });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { code: string }).code).toBe("INVALID_EMAIL");
  });

  it("works through auth.api in-process, with cookies passed as headers", async () => {
    const browser = await signUp(t, "Eve", "eve@example.com");
    await register(browser, createSoftwareAuthenticator(), "Tablet");
    const listed = await t.auth.api.listPasskeys({ headers: { cookie: browser.cookieHeader() } });
    expect(listed.map((p) => p.name)).toEqual(["Tablet"]);
  });
});
