import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_SCRYPT_PARAMS, TEST_SECRET, type TestDatabase } from "@gatehouse/auth-core/testing";
import { silentLogger, type MailMessage } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";
import { mountTRPC } from "../src/trpc/index.js";

/** EMAIL_SIGN_IN: what the sign-in screen offers, published to the web app, and what the mails promise. */
describe("the sign-in methods setting", () => {
  let database: TestDatabase;
  afterEach(async () => database.destroy());

  async function appWith(env: Record<string, string>): Promise<{ app: ReturnType<typeof createApp>; mails: MailMessage[]; settled: () => Promise<void> }> {
    database = await createTestDatabase("sqlite");
    const config = readConfig({ RATE_LIMIT: "off", ...env });
    const mails: MailMessage[] = [];
    const auth = createServerAuth({
      config,
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async (message) => void mails.push(message) },
      logger: silentLogger,
      scrypt: TEST_SCRYPT_PARAMS,
    });
    const app = createApp({ auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth, signIn: { email: config.emailSignIn } }) });
    return { app, mails, settled: () => auth.settled() };
  }

  async function signInMethods(app: ReturnType<typeof createApp>): Promise<unknown> {
    // A signed-out browser's plain GET, as the login screen sends it.
    const res = await app.request("http://localhost:3000/api/trpc/auth.signInMethods?batch=1&input=%7B%7D");
    expect(res.status).toBe(200);
    return res.json();
  }

  async function changePasswordNotice(env: Record<string, string>): Promise<string> {
    const { app, mails, settled } = await appWith(env);
    const headers = { "content-type": "application/json", origin: "http://localhost:3000" };
    const signUp = await app.request("http://localhost:3000/api/auth/sign-up/email", {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "ada@example.com", password: "correct horse battery", name: "Ada" }),
    });
    const cookie = signUp.headers.get("set-cookie")?.split(";")[0] ?? "";
    const change = await app.request("http://localhost:3000/api/auth/change-password", {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ currentPassword: "correct horse battery", newPassword: "another horse battery" }),
    });
    expect(change.status).toBe(200);
    await settled();
    const notice = mails.find((m) => /password was changed/.test(m.subject));
    if (!notice) throw new Error(`no notice among ${mails.map((m) => m.subject).join(", ")}`);
    return notice.text;
  }

  it("is off by default: the screen offers no password, and the notices never send people to a password reset", async () => {
    expect(await signInMethods((await appWith({})).app)).toEqual([{ result: { data: { email: false } } }]);
    const text = await changePasswordNotice({});
    expect(text).not.toMatch(/password reset/);
    expect(text).toContain("contact the administrator of this service");
  });

  it("EMAIL_SIGN_IN=on publishes email sign-in and the notices name the reset on the sign-in page", async () => {
    expect(await signInMethods((await appWith({ EMAIL_SIGN_IN: "on" })).app)).toEqual([{ result: { data: { email: true } } }]);
    expect(await changePasswordNotice({ EMAIL_SIGN_IN: "on" })).toContain("request a password reset from the sign-in page");
  });
});
