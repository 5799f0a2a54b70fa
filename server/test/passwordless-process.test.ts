import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAuthClient } from "better-auth/client";
import { emailOTPClient, magicLinkClient } from "better-auth/client/plugins";
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

/** The newest outbox mail to `to` (the server without SMTP_URL writes each mail as a JSON file). */
function outboxMail(dataDir: string, to: string): { subject: string; text: string } {
  const dir = join(dataDir, "outbox");
  const mails = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as { to: string; subject: string; text: string; createdAt: string })
    .filter((mail) => mail.to === to)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no outbox mail to ${to}`);
  return mail;
}

/**
 * The real server process (dist/gatehouse.js), as the outside checks start it: passwordless with
 * MAGIC_LINK=on EMAIL_OTP=on, and the default environment (both off, errors translated).
 */
describe("passwordless sign-in in the server process", () => {
  let server: ServerProcess | undefined;
  afterEach(async () => server?.kill());

  it("MAGIC_LINK=on EMAIL_OTP=on: better-auth's clients sign in through a mailed link and a mailed code", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-pwl-"));
    server = await startServerProcess({
      MAGIC_LINK: "on",
      EMAIL_OTP: "on",
      MAGIC_LINK_EXPIRES_IN: "6",
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, "g.db")}`,
    });
    const { baseURL } = server;
    const client = createAuthClient({ baseURL, plugins: [magicLinkClient(), emailOTPClient()], fetchOptions: { headers: { origin: baseURL } } });

    expect((await client.signIn.magicLink({ email: "proc@example.com", callbackURL: "/dashboard" })).data).toEqual({ status: true });
    const link = /https?:\/\/\S+\/magic-link\/verify\?\S+/.exec(outboxMail(dataDir, "proc@example.com").text)![0];
    const opened = await fetch(link, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`${baseURL}/dashboard`);
    const cookie = opened.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const session = (await (await fetch(`${baseURL}/api/auth/get-session`, { headers: { cookie } })).json()) as { user: { email: string } };
    expect(session.user.email).toBe("proc@example.com");

    expect((await client.emailOtp.sendVerificationOtp({ email: "code@example.com", type: "sign-in" })).data).toEqual({ success: true });
    const code = /\b\d{6}\b/.exec(outboxMail(dataDir, "code@example.com").text)![0];
    const signedIn = await client.signIn.emailOtp({ email: "code@example.com", otp: code });
    expect(signedIn.data?.user).toMatchObject({ email: "code@example.com", emailVerified: true });
    const again = await client.signIn.emailOtp({ email: "code@example.com", otp: code });
    expect(again.error).toMatchObject({ status: 400, code: "INVALID_OTP" });
  });

  it("the default environment: both off (404), error answers translated", async () => {
    server = await startServerProcess({});
    const { baseURL } = server;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseURL}/api/auth${path}`, {
        method: "POST",
        headers: { origin: baseURL, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect((await post("/sign-in/magic-link", { email: "a@example.com" })).status).toBe(404);
    expect((await post("/email-otp/send-verification-otp", { email: "a@example.com", type: "sign-in" })).status).toBe(404);
    const german = await post(
      "/sign-in/email",
      { email: "nobody@example.com", password: "wrong password here" },
      { "accept-language": "de-DE,de;q=0.9,en;q=0.8" },
    );
    expect(german.status).toBe(401);
    expect(await german.json()).toEqual({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "E-Mail-Adresse oder Passwort ist falsch",
      originalMessage: "Invalid email or password",
    });
    const english = await post("/sign-in/email", { email: "nobody@example.com", password: "wrong password here" });
    expect(await english.json()).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
  });
});
