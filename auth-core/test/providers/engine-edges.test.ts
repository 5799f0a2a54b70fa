/** Engine behaviour that no single provider's contract shows on its own. */
import { generateKeyPair, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { deliverMail } from "../../src/email/deliver-mail.js";
import { isPlaceholderEmail, placeholderEmail, signInEmail } from "../../src/email/placeholder-email.js";
import { createTestAuth, createTestBrowser, type TestAuth } from "../../testing/index.js";
import { fixture as github } from "./fixtures/github.js";
import { fixture as google } from "./fixtures/google.js";
import { createStandIn, type ProviderFixture, type StandIn } from "./stand-in.js";

let t: TestAuth | undefined;
afterEach(async () => {
  await t?.destroy();
  t = undefined;
});

async function setUp(fixture: ProviderFixture): Promise<{ t: TestAuth; standIn: StandIn }> {
  t = await createTestAuth({ now: new Date(), options: { socialProviders: { [fixture.id]: fixture.options }, socialRequestTimeoutMs: 250 } });
  const standIn = await createStandIn(fixture, () => t!.clock.now());
  (t.auth.context as { fetch: typeof fetch }).fetch = standIn.fetch;
  return { t, standIn };
}

describe("ID-token sign-in", () => {
  it("answers 401 Keys not found for a token signed by a key the provider does not publish, after reading the set again once", async () => {
    const { t, standIn } = await setUp(google);
    // A first sign-in reads the key set; a minute later (past the re-read cooldown) comes a token of an unknown key.
    const first = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token: await standIn.signIdToken() } });
    expect(first.status).toBe(200);
    t.clock.advance(60_000);
    const { privateKey } = await generateKeyPair("RS256");
    const seconds = Math.floor(t.clock.now().getTime() / 1000);
    const token = await new SignJWT({ sub: "1", email: "a@example.com", email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: "retired-key" })
      .setIssuer("https://accounts.google.com")
      .setAudience(String(google.options.clientId))
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 600)
      .sign(privateKey);
    const response = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "KEYS_NOT_FOUND", message: "Keys not found" });
    expect(standIn.requests.filter((r) => r.url.href === google.idToken!.jwksURL)).toHaveLength(2);
  });
});

describe("the OAuth state", () => {
  it("answers 500 Unable to create verification when the state cannot be stored, and starts no flow", async () => {
    const { t } = await setUp(github);
    await t.database.dropTable("verification");
    const response = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "github", callbackURL: "/dashboard" });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: "UNABLE_TO_CREATE_VERIFICATION", message: "Unable to create verification" });
  });
});

describe("token answers", () => {
  it("reads a form-encoded token answer (what GitHub sends without Accept: application/json)", async () => {
    const { t, standIn } = await setUp({ ...github, token: { ...github.token, answerAsForm: true } });
    const browser = createTestBrowser(t.auth);
    const start = (await (await browser.post("/sign-in/social", { provider: "github", callbackURL: "/dashboard" })).json()) as { url: string };
    const { code, state } = standIn.authorize(start.url);
    const callback = await browser.get(`/callback/github?code=${code}&state=${state}`);
    expect(callback.headers.get("location")).toBe("/dashboard");
    const tokenRequest = standIn.requests.find((r) => r.url.href === github.token.url)!;
    expect(tokenRequest.headers.get("accept")).toBe("application/json");
  });
});

describe("placeholder addresses", () => {
  const KEY = "a-test-secret-of-the-auth-instance";

  it("are stable per provider account, distinct across providers, and under .invalid", () => {
    const a = placeholderEmail(KEY, "tiktok", "123");
    expect(a).toBe(placeholderEmail(KEY, "tiktok", "123"));
    expect(a).not.toBe(placeholderEmail(KEY, "reddit", "123"));
    expect(a).not.toBe(placeholderEmail(KEY, "tiktok", "124"));
    expect(a).toMatch(/^[0-9a-f]{32}@tiktok\.invalid$/);
    expect(isPlaceholderEmail(a)).toBe(true);
    expect(isPlaceholderEmail("person@example.com")).toBe(false);
    // Keyed: another instance's secret gives another address (none can be worked out from the id).
    expect(placeholderEmail("another-secret", "tiktok", "123")).not.toBe(a);
  });

  it("stand in only for providers that may give no address", () => {
    expect(signInEmail(KEY, { id: "tiktok", emailMayBeMissing: true }, { id: "9", email: null })).toEqual({
      email: placeholderEmail(KEY, "tiktok", "9"),
      placeholder: true,
    });
    expect(signInEmail(KEY, { id: "github", emailMayBeMissing: false }, { id: "9", email: null })).toBeNull();
    expect(signInEmail(KEY, { id: "tiktok", emailMayBeMissing: true }, { id: "9", email: "real@example.com" })).toEqual({
      email: "real@example.com",
      placeholder: false,
    });
  });

  it("never receive mail", async () => {
    const sent: string[] = [];
    t = await createTestAuth({ options: { mailer: { send: async (message) => void sent.push(message.to) } } });
    const message = { subject: "s", text: "t", html: "<p>t</p>" };
    expect(await deliverMail(t.auth.context, { ...message, to: placeholderEmail(KEY, "reddit", "x") }, { flow: "verification", userId: null })).toBe(true);
    expect(await deliverMail(t.auth.context, { ...message, to: "person@example.com" }, { flow: "verification", userId: null })).toBe(true);
    expect(sent).toEqual(["person@example.com"]);
  });
});
