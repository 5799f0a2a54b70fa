import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import {
  createRecordingMailer,
  createTestAuth,
  createTestBrowser,
  signUpPerson,
  testDialects,
  totpCodeFor,
  type RecordingMailer,
  type TestAuth,
  type TestOpenIDProvider,
} from "../testing/index.js";
import { mailEs } from "../src/i18n/mail-es.js";
import { mailFr } from "../src/i18n/mail-fr.js";
import { mailJa } from "../src/i18n/mail-ja.js";
import { codeIn, createPasswordlessAuth, lastMailTo } from "./passwordless-support.js";
import { createSocialAuth, person, runFlow, startSocialProvider } from "./social-harness.js";
import { PASSWORD } from "./two-factor-support.js";

/*
 * Which language a mail takes (the request that causes it: Accept-Language by q-value, then the
 * locale cookie; else the team's mail language), and the notices when two-factor goes on and off.
 */

describe.each(testDialects())("mail language and two-factor notices on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  let people = 0;
  beforeEach(async () => {
    mailer = createRecordingMailer();
    t = await createTestAuth({
      dialect,
      options: {
        mailer,
        rateLimit: { enabled: false },
        twoFactor: { enabled: true },
        brand: { appName: "Acme", mailLanguage: "de" },
        accountNotices: { reviewURL: "/settings/security" },
      },
    });
  });
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  async function mailsTo(email: string): Promise<MailMessage[]> {
    await t.auth.settled();
    return mailer.messages.filter((message) => message.to === email);
  }

  it.each([
    ["xx, fr;q=0.9", { "accept-language": "xx, fr;q=0.9" }, "Réinitialisez votre mot de passe Acme"],
    ["de;q=0.5, es;q=0.8", { "accept-language": "de;q=0.5, es;q=0.8" }, "Restablezca su contraseña de Acme"],
    ["en, de;q=0.9", { "accept-language": "en, de;q=0.9" }, "Reset your Acme password"],
    ["ja-JP", { "accept-language": "ja-JP,ja;q=0.9" }, "Acme のパスワードを再設定してください"],
    ["the locale cookie", { cookie: "locale=es" }, "Restablezca su contraseña de Acme"],
    ["a header over the cookie", { "accept-language": "fr", cookie: "locale=es" }, "Réinitialisez votre mot de passe Acme"],
    ["no language (the team's)", {}, "Setzen Sie Ihr Passwort für Acme zurück"],
    ["an unknown language (the team's)", { "accept-language": "it-IT" }, "Setzen Sie Ihr Passwort für Acme zurück"],
  ])("a reset asked for with %s is mailed in that language", async (_case, headers: Record<string, string>, subject) => {
    const { email } = await signUpPerson(t.auth, "Ada", `reset-${++people}-${dialect}@example.com`);
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email, redirectTo: "/reset" }, headers)).status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(subject);
  });

  it("tells the owner of a completed reset in the language of the request that completed it", async () => {
    const { email } = await signUpPerson(t.auth, "Ada", `reset-done-${dialect}@example.com`);
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email, redirectTo: "/reset" }, { "accept-language": "fr" })).status).toBe(200);
    const [resetMail] = await mailsTo(email);
    const token = /\/reset-password\/([A-Za-z0-9]+)\?/.exec(resetMail!.text)![1]!;
    const spanish = { "accept-language": "es-MX,es;q=0.9" };
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "a new larch ribbon" }, spanish)).status).toBe(200);
    const [, notice] = await mailsTo(email);
    expect(notice?.subject).toBe("Se restableció su contraseña de Acme");
    expect(notice?.text).toMatch(/^Hola, Ada:/);
  });

  it("tells the owner when two-factor is turned on, and off, in the language of the request that did it", async () => {
    const { browser, email } = await signUpPerson(t.auth, "Ada", `two-factor-${dialect}@example.com`);
    const french = { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" };
    const enabled = await browser.post("/two-factor/enable", { password: PASSWORD }, french);
    expect(enabled.status).toBe(200);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    // Not on until the first code confirms it: no notice yet.
    expect(await mailsTo(email)).toEqual([]);

    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) }, french)).status).toBe(200);
    const [on] = await mailsTo(email);
    expect(on?.subject).toBe("La double authentification a été activée pour votre compte Acme");
    expect(on?.text).toMatch(/^Bonjour Ada,/);
    expect(on?.text).toContain("Si ce n'était pas vous, quelqu'un d'autre s'est connecté à votre compte");
    expect(on?.text).toContain("http://localhost:3000/settings/security");
    expect(on?.html).toContain('<html lang="fr">');

    t.clock.advance(30_000);
    expect((await browser.post("/two-factor/disable", { password: PASSWORD }, { "accept-language": "ja" })).status).toBe(200);
    const [, off] = await mailsTo(email);
    expect(off?.subject).toBe("Acme のアカウントで 2 段階認証がオフになりました");
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("sends no notice when a code confirms a sign-in of someone whose two-factor is already on", async () => {
    const { browser, email } = await signUpPerson(t.auth, "Ada", `again-${dialect}@example.com`);
    const { totpURI } = (await (await browser.post("/two-factor/enable", { password: PASSWORD })).json()) as { totpURI: string };
    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    t.clock.advance(30_000);
    const signIn = createTestBrowser(t.auth);
    expect((await signIn.post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect((await signIn.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

/*
 * Issue 48, Build 3: the notices a sign-in through a provider or the mailbox sends (the provider
 * now linked, what an unproven account lost at its first proof) take the language of that
 * sign-in's request, not the team's.
 */
describe.each(testDialects())("the notices of a first proof, in the sign-in's language, on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let t: TestAuth;
  let mailer: RecordingMailer;
  beforeAll(async () => {
    idp = await startSocialProvider();
  });
  afterAll(async () => {
    await idp.close();
  });
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  it("a Google sign-in that links the account and removes the unproven password mails both notices in the browser's language", async () => {
    mailer = createRecordingMailer();
    t = await createSocialAuth(dialect, idp, { mailer, rateLimit: { enabled: false }, brand: { appName: "Acme", mailLanguage: "de" } });
    const email = `first-proof-${dialect}@example.com`;
    await signUpPerson(t.auth, "Squatter", email);
    idp.setPerson(person({ email, emailVerified: true }));
    const owner = createTestBrowser(t.auth);
    owner.cookies.set("locale", "fr");
    mailer.messages.length = 0;
    expect((await runFlow(owner, idp)).location).toBe("/dashboard");
    await t.auth.settled();
    const subjects = mailer.messages.filter((message) => message.to === email).map((message) => message.subject);
    expect(subjects.sort()).toEqual([mailFr.notice.providerLinked.subject("Acme", "Google"), mailFr.notice.unprovenRemoved.subject("Acme")].sort());
  });

  it("a sign-in code that proves the address mails the removal notice in the language of the request that used it", async () => {
    ({ t, mailer } = await createPasswordlessAuth(dialect, { brand: { appName: "Acme", mailLanguage: "de" } }));
    const email = `mailbox-proof-${dialect}@example.com`;
    await signUpPerson(t.auth, "Squatter", email);
    const owner = createTestBrowser(t.auth);
    const japanese = { "accept-language": "ja-JP,ja;q=0.9" };
    expect((await owner.post("/email-otp/send-verification-otp", { email, type: "sign-in" }, japanese)).status).toBe(200);
    const code = codeIn(await lastMailTo(t, mailer, email));
    mailer.messages.length = 0;
    expect((await owner.post("/sign-in/email-otp", { email, otp: code }, japanese)).status).toBe(200);
    await t.auth.settled();
    expect(mailer.messages.filter((message) => message.to === email).map((message) => message.subject)).toEqual([
      mailJa.notice.unprovenRemoved.subject("Acme"),
    ]);
  });

  it("a link from Settings mails the provider-linked notice in the browser's language", async () => {
    mailer = createRecordingMailer();
    t = await createSocialAuth(dialect, idp, { mailer, rateLimit: { enabled: false }, brand: { appName: "Acme", mailLanguage: "de" } });
    const { email, browser } = await signUpPerson(t.auth, "Ada", `link-${dialect}@example.com`);
    browser.cookies.set("locale", "es");
    idp.setPerson(person({ email, emailVerified: true }));
    mailer.messages.length = 0;
    expect((await runFlow(browser, idp, {}, "/link-social")).location).toBe("/dashboard");
    await t.auth.settled();
    expect(mailer.messages.filter((message) => message.to === email).map((message) => message.subject)).toEqual([
      mailEs.notice.providerLinked.subject("Acme", "Google"),
    ]);
  });
});
