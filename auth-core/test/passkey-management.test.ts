import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WirePasskey } from "../src/shared/wire-types.js";
import { createSoftwareAuthenticator, createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";
import { register, registerOptions, signUp } from "./passkey-support.js";

async function errorOf(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, code: ((await response.json()) as { code: string }).code };
}

function b64url(text: string): string {
  return Buffer.from(text).toString("base64url");
}

describe.each(testDialects())("passkey management and malformed input on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("lets nobody list, rename or delete another person's passkey", async () => {
    const ada = await signUp(t, "Ada", "ada@example.com");
    const adaPasskey = await register(ada, createSoftwareAuthenticator(), "Ada's phone");
    const bo = await signUp(t, "Bo", "bo@example.com");
    const boPasskey = await register(bo, createSoftwareAuthenticator(), "Bo's key");

    expect(((await (await bo.get("/passkey/list-user-passkeys")).json()) as WirePasskey[]).map((p) => p.id)).toEqual([boPasskey.id]);
    expect(await errorOf(await bo.post("/passkey/update-passkey", { id: adaPasskey.id, name: "mine now" }))).toEqual({
      status: 401,
      code: "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY",
    });
    expect(await errorOf(await bo.post("/passkey/delete-passkey", { id: adaPasskey.id }))).toEqual({
      status: 401,
      code: "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY",
    });
    expect(await errorOf(await bo.post("/passkey/delete-passkey", { id: "no-such-passkey" }))).toEqual({ status: 404, code: "PASSKEY_NOT_FOUND" });
    expect(await errorOf(await bo.post("/passkey/update-passkey", { id: "no-such-passkey", name: "x" }))).toEqual({ status: 404, code: "PASSKEY_NOT_FOUND" });
    expect((await (await ada.get("/passkey/list-user-passkeys")).json()) as WirePasskey[]).toEqual([adaPasskey]);

    const failures = await t.database.db
      .selectFrom("securityEvent")
      .select(["type", "userId"])
      .where("outcome", "=", "failure")
      .where("type", "in", ["passkey-renamed", "passkey-deleted"])
      .orderBy("type")
      .execute();
    expect(failures).toEqual([
      { type: "passkey-deleted", userId: boPasskey.userId },
      { type: "passkey-renamed", userId: boPasskey.userId },
    ]);
  });

  it("requires a session for registration and management", async () => {
    const anonymous = createTestBrowser(t.auth);
    const wellFormed = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", attestationObject: "AAAA" } };
    for (const response of [
      await anonymous.get("/passkey/generate-register-options"),
      await anonymous.post("/passkey/verify-registration", { response: wellFormed }),
      await anonymous.get("/passkey/list-user-passkeys"),
      await anonymous.post("/passkey/update-passkey", { id: "x", name: "y" }),
      await anonymous.post("/passkey/delete-passkey", { id: "x" }),
    ]) {
      expect(await errorOf(response)).toEqual({ status: 401, code: "UNAUTHORIZED" });
    }
  });

  it("answers malformed registration responses with 400, never 500", async () => {
    const ada = await signUp(t, "Ada", "ada@example.com");
    const authenticator = createSoftwareAuthenticator();
    const broken: Array<[string, (good: Record<string, unknown>) => unknown, string]> = [
      ["no response", () => undefined, "VALIDATION_ERROR"],
      ["a string", () => "credential", "VALIDATION_ERROR"],
      ["wrong type", (good) => ({ ...good, type: "password" }), "VALIDATION_ERROR"],
      ["garbage attestation", (good) => ({ ...good, response: { ...(good.response as object), attestationObject: "AAAA" } }), "FAILED_TO_VERIFY_REGISTRATION"],
      [
        "clientDataJSON not JSON",
        (good) => ({ ...good, response: { ...(good.response as object), clientDataJSON: b64url("{oops") } }),
        "FAILED_TO_VERIFY_REGISTRATION",
      ],
      ["id differs from rawId", (good) => ({ ...good, id: "AAAA" }), "FAILED_TO_VERIFY_REGISTRATION"],
    ];
    for (const [label, corrupt, code] of broken) {
      const good = authenticator.createCredential(await registerOptions(ada)) as unknown as Record<string, unknown>;
      const response = await ada.post("/passkey/verify-registration", { response: corrupt(good) });
      expect({ label, ...(await errorOf(response)) }).toEqual({ label, status: 400, code });
    }
    // A counter beyond what the column holds on PostgreSQL is a bad response, not a database error.
    const huge = createSoftwareAuthenticator().createCredential(await registerOptions(ada), { counter: 0x8000_0000 });
    expect(await errorOf(await ada.post("/passkey/verify-registration", { response: huge }))).toEqual({ status: 400, code: "FAILED_TO_VERIFY_REGISTRATION" });
    expect(await (await ada.get("/passkey/list-user-passkeys")).json()).toEqual([]);
  });

  it("answers malformed assertions with 400 or 401, never 500", async () => {
    const ada = await signUp(t, "Ada", "ada@example.com");
    const authenticator = createSoftwareAuthenticator();
    await register(ada, authenticator, "Phone");
    const browser = createTestBrowser(t.auth);
    const broken: Array<[string, (good: Record<string, unknown>) => unknown, number, string]> = [
      ["empty object", () => ({}), 400, "VALIDATION_ERROR"],
      ["unknown credential", (good) => ({ ...good, id: "AAAA", rawId: "AAAA" }), 401, "PASSKEY_NOT_FOUND"],
      ["garbage signature", (good) => ({ ...good, response: { ...(good.response as object), signature: "AAAA" } }), 401, "AUTHENTICATION_FAILED"],
      [
        "truncated authenticator data",
        (good) => ({ ...good, response: { ...(good.response as object), authenticatorData: "AAAA" } }),
        401,
        "AUTHENTICATION_FAILED",
      ],
      [
        "clientDataJSON not JSON",
        (good) => ({ ...good, response: { ...(good.response as object), clientDataJSON: b64url("[") } }),
        401,
        "AUTHENTICATION_FAILED",
      ],
      ["not base64url", (good) => ({ ...good, response: { ...(good.response as object), signature: "***" } }), 400, "VALIDATION_ERROR"],
    ];
    for (const [label, corrupt, status, code] of broken) {
      t.clock.advance(10_000); // one attempt per window of the passkey sign-in rate limit
      const options = (await (
        await browser.post("/passkey/generate-authenticate-options", { email: "ada@example.com" })
      ).json()) as PublicKeyCredentialRequestOptionsJSON;
      const good = authenticator.getAssertion(options) as unknown as Record<string, unknown>;
      const response = await browser.post("/passkey/verify-authentication", { response: corrupt(good) });
      expect({ label, ...(await errorOf(response)) }).toEqual({ label, status, code });
    }
    const notJSON = await browser.request("/passkey/verify-authentication", { method: "POST", headers: { "content-type": "application/json" } });
    expect(notJSON.status).toBe(400);
  });

  it("accepts an authenticator without user verification (preferred, not required)", async () => {
    const ada = await signUp(t, "Ada", "ada@example.com");
    const authenticator = createSoftwareAuthenticator({ userVerified: false });
    await register(ada, authenticator, "Security key");
    const browser = createTestBrowser(t.auth);
    const options = (await (
      await browser.post("/passkey/generate-authenticate-options", { email: "ada@example.com" })
    ).json()) as PublicKeyCredentialRequestOptionsJSON;
    expect((await browser.post("/passkey/verify-authentication", { response: authenticator.getAssertion(options) })).status).toBe(200);
  });

  it("with requireUserVerification, refuses an assertion without user verification and accepts one with it", async () => {
    await t.destroy();
    t = await createTestAuth({ dialect, options: { passkey: { requireUserVerification: true } } });
    const ada = await signUp(t, "Ada", "ada@example.com");
    const keyOnly = createSoftwareAuthenticator({ userVerified: false });
    await register(ada, keyOnly, "Security key");
    const browser = createTestBrowser(t.auth);
    const askFor = async (): Promise<PublicKeyCredentialRequestOptionsJSON> =>
      (await (await browser.post("/passkey/generate-authenticate-options", { email: "ada@example.com" })).json()) as PublicKeyCredentialRequestOptionsJSON;
    const options = await askFor();
    expect(options.userVerification).toBe("preferred");
    const refused = await browser.post("/passkey/verify-authentication", { response: keyOnly.getAssertion(options) });
    expect(await errorOf(refused)).toEqual({ status: 401, code: "AUTHENTICATION_FAILED" });
    expect(refused.headers.getSetCookie().some((c) => c.includes("session_token=") && !/Max-Age=0/i.test(c))).toBe(false);

    const verifying = createSoftwareAuthenticator();
    await register(ada, verifying, "Phone");
    expect((await browser.post("/passkey/verify-authentication", { response: verifying.getAssertion(await askFor()) })).status).toBe(200);
  });

  it("accepts every configured origin, and only those", async () => {
    await t.destroy();
    t = await createTestAuth({ dialect, options: { passkey: { rpName: "Acme", origin: ["http://localhost:3000", "http://localhost:5173"] } } });
    const ada = await signUp(t, "Ada", "ada@example.com");
    const options = await registerOptions(ada);
    expect(options.rp).toEqual({ name: "Acme", id: "localhost" });
    const viaDevServer = createSoftwareAuthenticator({ origin: "http://localhost:5173" });
    const registered = await ada.post("/passkey/verify-registration", { response: viaDevServer.createCredential(options) });
    expect(registered.status).toBe(200);
    const browser = createTestBrowser(t.auth);
    const authOptions = (await (
      await browser.post("/passkey/generate-authenticate-options", { email: "ada@example.com" })
    ).json()) as PublicKeyCredentialRequestOptionsJSON;
    const elsewhere = viaDevServer.getAssertion(authOptions, { origin: "http://localhost:8080" });
    expect(await errorOf(await browser.post("/passkey/verify-authentication", { response: elsewhere }))).toEqual({
      status: 401,
      code: "AUTHENTICATION_FAILED",
    });
  });
});
