import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastRatio, parseHexColour, resolveBrand } from "../src/email/brand.js";
import type { MailSetting } from "../src/email/mail-content.js";
import type { MailMessage } from "../src/email/mailer.js";
import {
  buildAccountNoticeMessage,
  buildChangeEmailConfirmationMessage,
  buildDeleteAccountMessage,
  buildInvitationHasAccountMessage,
  buildInvitationSignUpMessage,
  buildPasswordResetMessage,
  buildTwoFactorCodeMessage,
  buildVerificationMessage,
  type AccountChange,
} from "../src/email/messages.js";
import { LANGUAGES, type Language } from "../src/i18n/catalogue.js";
import { buildInvitationMail } from "../src/organization/invitation-mail.js";
import { buildEmailCodeMessage, buildMagicLinkMessage } from "../src/passwordless/mails.js";
import { startTestSMTPServer, type DeliveredMail, type TestSMTPServer } from "../testing/index.js";

/*
 * Every mail, in every language, with a team's brand, sent through a real SMTP server and read
 * back from the raw message as a mail client (or an outside check) gets it.
 */

// An accent whose hex form is a run of six digits: it must reach the mail as rgb(), never as 123456.
const BRAND = resolveBrand(
  {
    appName: "Acme Cloud",
    logoURL: "/brand/logo.png",
    accentColor: "#123456",
    supportEmail: "help@acme.test",
    footer: "Acme Cloud GmbH · Hauptstraße 1 · Berlin",
  },
  "https://acme.test",
);
const LOGO = "https://acme.test/brand/logo.png";
const ACCENT = "rgb(18,52,86)";
const CODE = "482913";
// Longer than a quoted-printable line (76): a soft line break would fall inside it.
const LINK = `https://acme.test/api/auth/verify-email?token=${"eyJhbGciOiJIUzI1NiJ9.".repeat(4)}sig&callbackURL=%2Fdashboard%3Ftab%3Dsecurity`;
const REVIEW = "https://acme.test/settings";

type Build = (setting: MailSetting) => Promise<MailMessage>;

const CHANGES: AccountChange[] = [
  { kind: "password-changed" },
  { kind: "password-reset" },
  { kind: "password-set" },
  { kind: "email-changed", newEmail: "new@acme.test" },
  { kind: "passkey-added", passkeyName: "MacBook Touch ID" },
  { kind: "passkey-deleted", passkeyName: null },
  { kind: "provider-linked", providerId: "github" },
  { kind: "two-factor-enabled" },
  { kind: "two-factor-disabled" },
  { kind: "backup-codes-regenerated" },
  { kind: "api-key-created", keyName: "CI", start: "gh_ab", organizationName: "Acme Labs" },
  {
    kind: "unproven-additions-removed",
    proof: "google",
    removed: { passkeys: 2, apiKeys: 1, twoFactor: true, providers: ["github"], password: true, sessions: 3, invitations: 1, organizations: ["Acme Labs"] },
  },
];

/** Each mail: how to build it, and the link or code it must carry. */
const MAILS: Array<{ name: string; build: Build; link?: string; code?: string }> = [
  { name: "verification", link: LINK, build: (s) => buildVerificationMessage({ to: "ada@acme.test", name: "Ada", url: LINK, expiresIn: 3600 }, s) },
  {
    name: "change email",
    link: LINK,
    build: (s) => buildChangeEmailConfirmationMessage({ to: "ada@acme.test", name: "Ada", newEmail: "new@acme.test", url: LINK, expiresIn: 3600 }, s),
  },
  { name: "password reset", link: LINK, build: (s) => buildPasswordResetMessage({ to: "ada@acme.test", name: "Ada", url: LINK, expiresIn: 1800 }, s) },
  { name: "delete account", link: LINK, build: (s) => buildDeleteAccountMessage({ to: "ada@acme.test", name: "Ada", url: LINK, expiresIn: 86400 }, s) },
  {
    name: "invitation sign-up",
    link: LINK,
    build: (s) => buildInvitationSignUpMessage({ to: "ada@acme.test", name: "", url: LINK, expiresIn: 86400, organizationName: "Acme Labs" }, s),
  },
  {
    name: "invitation, has an account",
    link: LINK,
    build: (s) => buildInvitationHasAccountMessage({ to: "ada@acme.test", organizationName: "Acme Labs", url: LINK }, s),
  },
  {
    name: "invitation",
    link: LINK,
    build: (s) =>
      buildInvitationMail(
        {
          to: "ada@acme.test",
          organizationName: "Acme Labs",
          inviterName: "Grace",
          inviterEmail: "grace@acme.test",
          role: "member",
          acceptURL: LINK,
          expiresAt: new Date("2026-12-06T09:30:00Z"),
        },
        s,
      ),
  },
  { name: "magic link", link: LINK, build: (s) => buildMagicLinkMessage({ to: "ada@acme.test", url: LINK, expiresIn: 300 }, s) },
  ...(["sign-in", "email-verification", "forget-password"] as const).map((type) => ({
    name: `email code (${type})`,
    code: CODE,
    build: (s: MailSetting) => buildEmailCodeMessage({ to: "ada@acme.test", code: CODE, type, expiresIn: 300 }, s),
  })),
  { name: "two-factor code", code: CODE, build: (s) => buildTwoFactorCodeMessage({ to: "ada@acme.test", name: "Ada", code: CODE, expiresIn: 300 }, s) },
  ...CHANGES.map((change) => ({
    name: `notice ${change.kind}`,
    link: REVIEW,
    build: (s: MailSetting) => buildAccountNoticeMessage({ to: "ada@acme.test", name: "Ada", change, reviewURL: REVIEW }, s),
  })),
];

/** The body of the raw message (after its headers): what the parts carry, boundaries included. */
function rawBody(raw: string): string {
  return raw.slice(raw.indexOf("\r\n\r\n") + 4);
}

let smtp: TestSMTPServer;
let sent = 0;
beforeAll(async () => {
  smtp = await startTestSMTPServer();
});
afterAll(async () => {
  await smtp.close();
});

/** Sends `message` to a fresh address through the SMTP server and reads it back. */
async function roundTrip(message: MailMessage): Promise<DeliveredMail> {
  const to = `reader${++sent}@acme.test`;
  await smtp.mailer.send({ ...message, to });
  return smtp.waitForMail(to);
}

describe("branded mails in every language, read back from a real SMTP server", () => {
  const english = new Map<string, MailMessage>();

  describe.each(LANGUAGES)("in %s", (language: Language) => {
    it.each(MAILS)("$name", async ({ name, build, link, code }) => {
      const message = await build({ brand: BRAND, language });
      if (language === "en") english.set(name, message);
      const mail = await roundTrip(message);

      // One message, multipart/alternative: text/plain then text/html, sent as they are.
      expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/im);
      expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: [78]bit\r\n/im);
      expect(mail.raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r\nContent-Transfer-Encoding: [78]bit\r\n/im);
      expect(mail.raw).not.toMatch(/quoted-printable|base64/i);
      expect(mail.raw.split("\r\n").every((line) => Buffer.byteLength(line) <= 998)).toBe(true);

      // The subject as written, RFC 2047-encoded when it is not ASCII (Japanese, accents).
      expect(mail.subject).toBe(message.subject);
      // eslint-disable-next-line no-control-regex -- is the subject plain ASCII?
      if (!/^[\x00-\x7f]*$/.test(message.subject)) expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);

      // In the person's language: <html lang>, and other words than the English mail's.
      expect(mail.html).toContain(`<html lang="${language}">`);
      if (language !== "en") {
        expect(mail.subject).not.toBe(english.get(name)?.subject);
        expect(mail.text).not.toContain(english.get(name)?.text.split("\n")[2] ?? "");
      }

      // The brand: name, logo (the only image), accent on the button, support line and footer.
      expect(mail.html).toContain("Acme Cloud");
      expect(mail.text).toContain("— Acme Cloud");
      expect([...mail.html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1])).toEqual([LOGO]);
      expect(mail.html).not.toMatch(/url\(|<link\b|<script\b|background="/i);
      expect(mail.text).toContain("help@acme.test");
      expect(mail.html).toContain("help@acme.test");
      expect(mail.text).toContain("Acme Cloud GmbH · Hauptstraße 1 · Berlin");
      expect(mail.html).toMatch(/<meta name="color-scheme" content="light dark"\/>/);
      expect(mail.html).toMatch(/<meta name="supported-color-schemes" content="light dark"\/>/);
      expect(mail.html).toMatch(/prefers-color-scheme:dark/);
      expect(mail.html).not.toMatch(/#[0-9a-f]{6}\b/i);

      if (link) {
        // The link whole in the text, in the raw message (no soft line break) and in the button.
        expect(mail.text).toContain(link);
        expect(mail.raw).toContain(link);
        expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
        expect(mail.html).toMatch(new RegExp(`background-color:${ACCENT.replace(/[()]/g, "\\$&")}`));
      }
      if (code) {
        // The only run of six digits: once in the text, once in the HTML, nowhere else in the message.
        expect(mail.text.match(/\d{6,}/g)).toEqual([code]);
        expect(mail.html.match(/\d{6,}/g)).toEqual([code]);
        expect(mail.raw.match(/\d{6,}/g)).toEqual([code, code]);
        expect(mail.subject).not.toContain(code);
        expect(mail.html).not.toMatch(/<a\b/);
      } else {
        expect(rawBody(mail.raw)).not.toMatch(/\d{6}/);
      }
    });
  });
});

describe("the brand's colours", () => {
  it.each(["#2456d6", "#ffcc00", "#123456", "#ffffff", "#000000", "#7f7f7f", "#e91e63", "#0f0"])("%s gets a button text of 4.5:1 or more", (hex) => {
    const brand = resolveBrand({ accentColor: hex }, "https://acme.test");
    expect(contrastRatio(brand.accent, brand.onAccent)).toBeGreaterThanOrEqual(4.5);
    expect(brand.accent).toEqual(parseHexColour(hex));
  });

  it("refuses what is not a colour, and a logo that is not http(s)", () => {
    expect(() => resolveBrand({ accentColor: "red" }, "https://acme.test")).toThrow(/accentColor/);
    expect(() => resolveBrand({ logoURL: "javascript:alert(1)" }, "https://acme.test")).toThrow(/logoURL/);
  });

  it("keeps Gatehouse's name and blue when no brand is given, and no logo, support line or footer", async () => {
    const mail = await buildPasswordResetMessage({ to: "ada@acme.test", name: "Ada", url: LINK, expiresIn: 3600 });
    expect(mail.subject).toBe("Reset your Gatehouse password");
    expect(mail.text.endsWith("\n— Gatehouse")).toBe(true);
    expect(mail.html).toContain("background-color:rgb(36,86,214)");
    expect(mail.html).not.toMatch(/<img\b|Questions\?/);
  });
});
