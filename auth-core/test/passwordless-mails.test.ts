import { afterEach, describe, expect, it } from "vitest";
import { createTestBrowser, testDialects, type RecordingMailer, type TestAuth } from "../testing/index.js";
import { codeIn, createPasswordlessAuth, lastMailTo, magicLinkIn } from "./passwordless-support.js";

const SUBJECTS = {
  en: { link: "Your Gatehouse sign-in link", code: "Your Gatehouse sign-in code" },
  de: { link: "Ihr Anmeldelink für Gatehouse", code: "Ihr Anmeldecode für Gatehouse" },
  fr: { link: "Votre lien de connexion à Gatehouse", code: "Votre code de connexion à Gatehouse" },
  es: { link: "Su enlace para iniciar sesión en Gatehouse", code: "Su código para iniciar sesión en Gatehouse" },
  ja: { link: "Gatehouse のサインインリンク", code: "Gatehouse のサインインコード" },
} as const;

describe.each(testDialects())("passwordless mails in the asker's language on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  afterEach(async () => t.destroy());

  it.each(Object.keys(SUBJECTS) as Array<keyof typeof SUBJECTS>)(
    "mails the link and the code in %s (Accept-Language), the code once in the text",
    async (language) => {
      ({ t, mailer } = await createPasswordlessAuth(dialect));
      const headers: Record<string, string> = language === "en" ? {} : { "accept-language": `${language};q=0.9` };
      const email = `mail-${language}-${dialect}@example.com`;
      expect((await createTestBrowser(t.auth).post("/sign-in/magic-link", { email }, headers)).status).toBe(200);
      const linkMail = await lastMailTo(t, mailer, email);
      expect(linkMail.subject).toBe(SUBJECTS[language].link);
      expect(linkMail.html).toContain(`<html lang="${language}">`);
      expect(magicLinkIn(linkMail).searchParams.get("token")).toMatch(/^[A-Za-z]{32}$/);

      expect((await createTestBrowser(t.auth).post("/email-otp/send-verification-otp", { email, type: "sign-in" }, headers)).status).toBe(200);
      const codeMail = await lastMailTo(t, mailer, email);
      expect(codeMail.subject).toBe(SUBJECTS[language].code);
      const code = codeIn(codeMail);
      expect(codeMail.subject).not.toContain(code);
    },
  );

  it("takes the locale cookie when no header names a language", async () => {
    ({ t, mailer } = await createPasswordlessAuth(dialect));
    const email = `cookie-${dialect}@example.com`;
    expect((await createTestBrowser(t.auth).post("/sign-in/magic-link", { email }, { cookie: "locale=fr" })).status).toBe(200);
    expect((await lastMailTo(t, mailer, email)).subject).toBe(SUBJECTS.fr.link);
  });
});
