import { createAuthClient } from "better-auth/client";
import { emailOTPClient, magicLinkClient } from "better-auth/client/plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "@gatehouse/auth-core";
import {
  createRecordingMailer,
  createTestBrowser,
  createTestDatabase,
  TEST_SCRYPT_PARAMS,
  TEST_SECRET,
  testDialects,
  type RecordingMailer,
  type TestDatabase,
} from "@gatehouse/auth-core/testing";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";
import { serveTestApp, type ServedApp } from "./support/served-app.js";

/** A better-auth client with a cookie jar, as a browser keeps one, and the server's Origin. */
function browserClient(baseURL: string) {
  const jar = new Map<string, string>();
  const remember = (response: Response): void => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      if (/max-age=0/i.test(line)) jar.delete(pair!.slice(0, eq));
      else jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookie = (): string => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const client = createAuthClient({
    baseURL,
    plugins: [magicLinkClient(), emailOTPClient()],
    fetchOptions: {
      headers: { origin: baseURL },
      onRequest: (ctx: { headers: Headers }) => {
        if (jar.size) ctx.headers.set("cookie", cookie());
      },
      onResponse: (ctx: { response: Response }) => remember(ctx.response),
    },
  });
  /** Opens a link as the browser would (its cookies, no redirect followed). */
  async function open(url: string): Promise<Response> {
    const response = await fetch(url, { redirect: "manual", headers: jar.size ? { cookie: cookie() } : {} });
    remember(response);
    return response;
  }
  return { client, open };
}

function lastMailTo(mailer: RecordingMailer, to: string): { text: string } {
  const mail = mailer.messages.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

describe.each(testDialects())("better-auth's magicLinkClient and emailOTPClient against the server on %s", (dialect) => {
  let served: ServedApp;
  let mailer: RecordingMailer;
  beforeEach(async () => {
    mailer = createRecordingMailer();
    served = await serveTestApp({ dialect, options: { mailer, rateLimit: { enabled: false }, magicLink: { enabled: true }, emailOTP: { enabled: true } } });
  });
  afterEach(() => served.close());

  it("signs in with a magic link: signIn.magicLink, the mailed link, then getSession", async () => {
    const { client, open } = browserClient(served.baseURL);
    const sent = await client.signIn.magicLink({ email: "mlc@example.com", name: "Ml Client", callbackURL: "/dashboard", newUserCallbackURL: "/welcome" });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ status: true });
    await served.t.auth.settled();
    const link = /https?:\/\/\S+\/magic-link\/verify\?\S+/.exec(lastMailTo(mailer, "mlc@example.com").text)![0];
    expect(link.startsWith(`${served.baseURL}/api/auth/magic-link/verify?token=`)).toBe(true);
    const opened = await open(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`${served.baseURL}/welcome`);
    const session = await client.getSession();
    expect(session.data?.user).toMatchObject({ email: "mlc@example.com", name: "Ml Client", emailVerified: true });
    expect((await open(link)).headers.get("location")).toBe(`${served.baseURL}/dashboard?error=INVALID_TOKEN`);
  });

  it("verifies a magic link through magicLink.verify (no callbackURL: token, user and session)", async () => {
    const { client } = browserClient(served.baseURL);
    expect((await client.signIn.magicLink({ email: "mlv@example.com" })).error).toBeNull();
    await served.t.auth.settled();
    const token = new URL(/https?:\/\/\S+\/magic-link\/verify\?\S+/.exec(lastMailTo(mailer, "mlv@example.com").text)![0]).searchParams.get("token")!;
    const verified = await client.magicLink.verify({ query: { token } });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ user: { email: "mlv@example.com" }, session: { userId: expect.any(String) } });
    expect((await client.getSession()).data?.user.email).toBe("mlv@example.com");
  });

  it("signs in, verifies and resets with mailed codes: emailOtp.sendVerificationOtp, signIn.emailOtp, emailOtp.verifyEmail, checkVerificationOtp, requestPasswordReset, resetPassword", async () => {
    const { client } = browserClient(served.baseURL);
    const codeFor = async (email: string): Promise<string> => {
      await served.t.auth.settled();
      return /\b\d{6}\b/.exec(lastMailTo(mailer, email).text)![0];
    };
    expect((await client.emailOtp.sendVerificationOtp({ email: "otp@example.com", type: "sign-in" })).data).toEqual({ success: true });
    const signedIn = await client.signIn.emailOtp({ email: "otp@example.com", otp: await codeFor("otp@example.com") });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data?.user).toMatchObject({ email: "otp@example.com", emailVerified: true });
    expect((await client.getSession()).data?.user.email).toBe("otp@example.com");

    // A password sign-up's unverified address, verified by a code.
    const other = browserClient(served.baseURL);
    expect((await other.client.signUp.email({ name: "Vic", email: "vic@example.com", password: "correct horse battery" })).error).toBeNull();
    expect((await other.client.emailOtp.sendVerificationOtp({ email: "vic@example.com", type: "email-verification" })).error).toBeNull();
    const verified = await other.client.emailOtp.verifyEmail({ email: "vic@example.com", otp: await codeFor("vic@example.com") });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ status: true, token: null, user: { emailVerified: true } });
    expect((await other.client.getSession()).data?.user.emailVerified).toBe(true);

    expect((await client.emailOtp.requestPasswordReset({ email: "vic@example.com" })).data).toEqual({ success: true });
    const resetCode = await codeFor("vic@example.com");
    expect((await client.emailOtp.checkVerificationOtp({ email: "vic@example.com", type: "forget-password", otp: resetCode })).data).toEqual({ success: true });
    const reset = await client.emailOtp.resetPassword({ email: "vic@example.com", otp: resetCode, password: "a new long passphrase" });
    expect(reset.error).toBeNull();
    // Every session of the account ended with the reset (beyond better-auth).
    expect((await other.client.getSession()).data).toBeNull();
    const wrong = await client.signIn.emailOtp({ email: "otp@example.com", otp: "000000" });
    expect(wrong.error).toMatchObject({ status: 400, code: "INVALID_OTP" });
  });

  it("answers errors in the asked language through the server: message translated, originalMessage English", async () => {
    const answer = await fetch(`${served.baseURL}/api/auth/sign-in/email-otp`, {
      method: "POST",
      headers: { origin: served.baseURL, "content-type": "application/json", "accept-language": "fr-FR, en;q=0.5" },
      body: JSON.stringify({ email: "nobody@example.com", otp: "123456" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: "INVALID_OTP", message: "Le code n'est pas valide", originalMessage: "Invalid OTP" });
  });
});

describe("MAGIC_LINK, EMAIL_OTP and their lifetimes", () => {
  let database: TestDatabase;
  afterEach(async () => database?.destroy());

  it("are off with 300 s by default, and parsed when set; a bad value stops readConfig", () => {
    expect(readConfig({}).passwordless).toEqual({ magicLink: { enabled: false, expiresIn: 300 }, emailOTP: { enabled: false, expiresIn: 300 } });
    expect(readConfig({ MAGIC_LINK: "on", MAGIC_LINK_EXPIRES_IN: "6", EMAIL_OTP: "on", EMAIL_OTP_EXPIRES_IN: "120" }).passwordless).toEqual({
      magicLink: { enabled: true, expiresIn: 6 },
      emailOTP: { enabled: true, expiresIn: 120 },
    });
    expect(() => readConfig({ MAGIC_LINK: "yes" })).toThrow();
    expect(() => readConfig({ EMAIL_OTP_EXPIRES_IN: "0" })).toThrow();
  });

  it("reach the server's auth: off answers 404, on serves the endpoints", async () => {
    database = await createTestDatabase("sqlite");
    const make = (env: Record<string, string>) =>
      createServerAuth({
        config: readConfig({ RATE_LIMIT: "off", ...env }),
        db: database.db,
        dialect: "sqlite",
        secret: TEST_SECRET,
        mailer: { send: async () => {} },
        logger: silentLogger,
        scrypt: TEST_SCRYPT_PARAMS,
      });
    const off = createTestBrowser(make({}));
    expect((await off.post("/sign-in/magic-link", { email: "a@example.com" })).status).toBe(404);
    expect((await off.post("/email-otp/send-verification-otp", { email: "a@example.com", type: "sign-in" })).status).toBe(404);
    const on = createTestBrowser(make({ MAGIC_LINK: "on", EMAIL_OTP: "on" }));
    expect((await on.post("/sign-in/magic-link", { email: "a@example.com" })).status).toBe(200);
    expect((await on.post("/email-otp/send-verification-otp", { email: "a@example.com", type: "sign-in" })).status).toBe(200);
  });
});
