import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "@gatehouse/auth-core";
import { createTestDatabase, findLink, startTestSMTPServer, TEST_SCRYPT_PARAMS, type TestDatabase, type TestSMTPServer } from "@gatehouse/auth-core/testing";
import { createApp } from "../src/app.js";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";
import { createServerMailer, parseSMTPURL } from "../src/mail/index.js";

function capturingLogger(): Logger & { lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const push = (message: string, fields?: Record<string, unknown>): void => {
    lines.push({ message, ...fields });
  };
  return { lines, info: push, warn: push, error: push };
}

const MESSAGE = {
  to: "zoe@example.com",
  subject: "Vérifiez votre adresse — Zoë",
  text: `Hello Zoë,\n\nFollow https://app.example.com/api/auth/verify-email?token=${"x".repeat(120)}&callbackURL=%2F to verify.\n`,
  html: `<p>Hello Zoë, <a href="https://app.example.com/api/auth/verify-email?token=abc">verify</a></p>`,
};

let smtp: TestSMTPServer;
beforeAll(async () => {
  smtp = await startTestSMTPServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => smtp.setRejecting(false));

describe("SMTP transport (SMTP_URL set)", () => {
  it("delivers text and HTML with the configured sender", async () => {
    const mailer = createServerMailer({ smtpURL: smtp.url, mailFrom: "Gatehouse <no-reply@gatehouse.test>", dataDir: "/nonexistent" }, capturingLogger());
    await mailer.send(MESSAGE);
    const mail = await smtp.waitForMail("zoe@example.com");
    expect(mail.from).toBe("Gatehouse <no-reply@gatehouse.test>");
    expect(mail.subject).toBe(MESSAGE.subject);
    expect(mail.text.trimEnd()).toBe(MESSAGE.text.trimEnd());
    expect(mail.html).toBe(MESSAGE.html);
  });

  it("fails the send when the relay refuses the message", async () => {
    const mailer = createServerMailer({ smtpURL: smtp.url, mailFrom: "no-reply@gatehouse.test", dataDir: "/nonexistent" }, capturingLogger());
    smtp.setRejecting(true);
    await expect(mailer.send(MESSAGE)).rejects.toThrow(/550/);
  });

  it("fails the send when nothing listens at SMTP_URL", async () => {
    const mailer = createServerMailer({ smtpURL: "smtp://127.0.0.1:1", mailFrom: "no-reply@gatehouse.test", dataDir: "/nonexistent" }, capturingLogger());
    await expect(mailer.send(MESSAGE)).rejects.toThrow();
  });

  it.each([
    ["smtp://relay.example:2525", { host: "relay.example", port: 2525, secure: false }],
    ["smtps://relay.example", { host: "relay.example", port: 465, secure: true }],
    ["smtp://user%40corp:p%3Ass@relay.example", { host: "relay.example", port: 587, secure: false, auth: { user: "user@corp", pass: "p:ss" } }],
  ])("reads %s", (url, expected) => {
    expect(parseSMTPURL(url)).toEqual(expected);
  });

  it("refuses a URL that is not smtp or smtps", () => {
    expect(() => parseSMTPURL("http://relay.example")).toThrow(/smtp:\/\//);
  });
});

describe("development outbox (SMTP_URL unset)", () => {
  it("writes one JSON file per mail and logs the link", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-outbox-"));
    const logger = capturingLogger();
    const mailer = createServerMailer({ smtpURL: undefined, mailFrom: "Gatehouse <no-reply@localhost>", dataDir }, logger);
    await mailer.send(MESSAGE);
    await mailer.send({ ...MESSAGE, to: "second@example.com" });
    const files = readdirSync(join(dataDir, "outbox")).sort();
    expect(files).toHaveLength(2);
    const first = JSON.parse(readFileSync(join(dataDir, "outbox", files[0]!), "utf8")) as Record<string, string>;
    expect(first).toMatchObject({ from: "Gatehouse <no-reply@localhost>", ...MESSAGE });
    expect(Date.parse(first.createdAt!)).not.toBeNaN();
    expect(statSync(join(dataDir, "outbox", files[0]!)).mode & 0o077).toBe(0);
    expect(logger.lines).toHaveLength(2);
    expect(logger.lines[0]).toMatchObject({
      message: "mail written to the development outbox",
      to: "zoe@example.com",
      link: `https://app.example.com/api/auth/verify-email?token=${"x".repeat(120)}&callbackURL=%2F`,
    });
  });

  it("never shows a reader a mail half written", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-outbox-"));
    const outbox = join(dataDir, "outbox");
    mkdirSync(outbox);
    const mailer = createServerMailer({ smtpURL: undefined, mailFrom: "Gatehouse <no-reply@localhost>", dataDir }, capturingLogger());
    // Whatever mail appears is read at once, while a large one may still be on its way to disk.
    const seen: string[] = [];
    const watcher = watch(outbox, (_event, name) => {
      if (!name?.endsWith(".json")) return;
      try {
        seen.push(readFileSync(join(outbox, name), "utf8"));
      } catch {
        // Gone again (a name the mailer no longer uses): nothing to read.
      }
    });
    try {
      for (let i = 0; i < 5; i++) await mailer.send({ ...MESSAGE, text: `${MESSAGE.text}\n${"x".repeat(4_000_000)}` });
    } finally {
      watcher.close();
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const content of seen) expect(() => JSON.parse(content) as unknown).not.toThrow();
    expect(readdirSync(outbox).filter((name) => !name.endsWith(".json"))).toEqual([]);
  });

  it("keeps the link (a live token) out of the log in production", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-outbox-"));
    const logger = capturingLogger();
    const mailer = createServerMailer({ smtpURL: undefined, mailFrom: "no-reply@localhost", dataDir, production: true }, logger);
    await mailer.send(MESSAGE);
    expect(logger.lines.map((l) => l.message)).toEqual([
      "SMTP_URL is not set: mails are written to the outbox and not delivered",
      "mail written to the development outbox",
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain("token=");
  });
});

/** The server's app on `database`, mailing over the test SMTP server, with `env` over the defaults. */
function serverApp(database: TestDatabase, env: Record<string, string>): ReturnType<typeof createApp> {
  const config = readConfig({ NODE_ENV: "test", BASE_URL: "http://localhost:3000", SMTP_URL: smtp.url, AUTH_SECRET: "s".repeat(40), ...env });
  const logger = capturingLogger();
  const mailer = createServerMailer(config, logger);
  const auth = createServerAuth({ config, db: database.db, dialect: "sqlite", secret: config.authSecret!, mailer, logger, scrypt: TEST_SCRYPT_PARAMS });
  return createApp({ auth, logger });
}

describe("email flows through the server", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterEach(async () => database.destroy());

  it("signs up, mails the verification over SMTP_URL, and verifies through the app", async () => {
    const app = serverApp(database, {});
    const headers = { "content-type": "application/json", origin: "http://localhost:3000" };
    const signUp = await app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Sam", email: "sam@example.com", password: "larch-ribbon-123", callbackURL: "/dashboard" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie()[0]!.split(";")[0]!;
    const mail = await smtp.waitForMail("sam@example.com");
    expect(mail.from).toBe("Gatehouse <no-reply@localhost>");
    const link = findLink(mail, "/api/auth/verify-email");
    expect(link.origin).toBe("http://localhost:3000");

    const followed = await app.request(`${link.pathname}${link.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/dashboard");
    const session = (await (await app.request("/api/auth/get-session", { headers: { cookie } })).json()) as { user: { emailVerified: boolean } };
    expect(session.user.emailVerified).toBe(true);

    // The server turns on email change and mailed deletion.
    const change = await app.request("/api/auth/change-email", {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ newEmail: "sam2@example.com" }),
    });
    expect(await change.json()).toEqual({ status: true });
    expect((await smtp.waitForMail("sam@example.com")).subject).toBe("Confirm your new email address for Gatehouse");
    const deletion = await app.request("/api/auth/delete-user", { method: "POST", headers: { ...headers, cookie }, body: JSON.stringify({}) });
    expect(await deletion.json()).toEqual({ success: true, message: "Verification email sent" });
    expect((await smtp.waitForMail("sam@example.com")).subject).toBe("Confirm the deletion of your Gatehouse account");
  });
});

describe("the team's brand and language in the server's mails", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterEach(async () => database.destroy());

  it("APP_*, SUPPORT_EMAIL and MAIL_* reach the mail, in the asker's language, sent as it is over SMTP_URL", async () => {
    const app = serverApp(database, {
      MAIL_FROM: "Acme Cloud <no-reply@acme.test>",
      APP_NAME: "Acme Cloud",
      APP_LOGO_URL: "/brand/acme.svg",
      APP_ACCENT_COLOR: "#0a7d32",
      SUPPORT_EMAIL: "help@acme.test",
      MAIL_FOOTER: "Acme Cloud GmbH, Hauptstraße 1, 10115 Berlin",
      MAIL_LANGUAGE: "fr",
    });
    const post = (path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> =>
      Promise.resolve(
        app.request(`/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000", ...extra },
          body: JSON.stringify(body),
        }),
      );
    expect((await post("/sign-up/email", { name: "Sam", email: "sam@acme.test", password: "larch-ribbon-123" }, { "accept-language": "ja" })).status).toBe(200);
    const verification = await smtp.waitForMail("sam@acme.test");
    expect(verification.subject).toBe("Acme Cloud のメールアドレスを確認してください");
    expect(verification.raw).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    expect(verification.from).toBe("Acme Cloud <no-reply@acme.test>");
    expect(verification.raw).toMatch(/^Message-ID: <[a-z]+@acme\.test>/m);
    expect(verification.html).toContain('src="http://localhost:3000/brand/acme.svg"');
    expect(verification.html).toContain("background-color:rgb(10,125,50)");
    expect(verification.text).toContain("— Acme Cloud");
    expect(verification.text).toContain("help@acme.test");
    expect(verification.text).toContain("Acme Cloud GmbH, Hauptstraße 1, 10115 Berlin");
    // The link whole in the raw message: the parts go 7bit/8bit, no quoted-printable line breaks.
    const link = findLink(verification, "/api/auth/verify-email");
    expect(verification.raw).toContain(link.toString());

    // No language in the request: MAIL_LANGUAGE.
    expect((await post("/request-password-reset", { email: "sam@acme.test", redirectTo: "/reset" })).status).toBe(200);
    expect((await smtp.waitForMail("sam@acme.test")).subject).toBe("Réinitialisez votre mot de passe Acme Cloud");
  });
});
