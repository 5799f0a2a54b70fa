import { describe, expect, it } from "vitest";
import {
  buildAccountNoticeMessage,
  buildChangeEmailConfirmationMessage,
  buildDeleteAccountMessage,
  buildPasswordResetMessage,
  buildVerificationMessage,
  describeLifetime,
} from "../src/email/messages.js";

const URL_WITH_QUERY = "http://localhost:3000/api/auth/verify-email?token=a.b.c&callbackURL=%2F";

describe("mail messages", () => {
  it.each([
    ["verification", buildVerificationMessage({ to: "a@example.com", name: "Ada", url: URL_WITH_QUERY, expiresIn: 3600 }), "1 hour"],
    ["password reset", buildPasswordResetMessage({ to: "a@example.com", name: "Ada", url: URL_WITH_QUERY, expiresIn: 1800 }), "30 minutes"],
    [
      "change email",
      buildChangeEmailConfirmationMessage({ to: "a@example.com", name: "Ada", newEmail: "b@example.com", url: URL_WITH_QUERY, expiresIn: 3600 }),
      "1 hour",
    ],
    ["delete account", buildDeleteAccountMessage({ to: "a@example.com", name: "Ada", url: URL_WITH_QUERY, expiresIn: 86400 }), "24 hours"],
  ])("%s: text and HTML carry the same absolute link and lifetime", async (_kind, pending, lifetime) => {
    const message = await pending;
    expect(message.to).toBe("a@example.com");
    expect(message.text).toContain(URL_WITH_QUERY);
    expect(message.text).toContain(lifetime);
    expect(message.html).toContain(`href="${URL_WITH_QUERY.replace(/&/g, "&amp;")}"`);
    expect(message.html).toContain(lifetime);
    expect(message.text).toMatch(/^Hello Ada,/);
  });

  it("escapes what a user controls in the HTML", async () => {
    const message = await buildChangeEmailConfirmationMessage({
      to: "a@example.com",
      name: `<img src=x onerror="alert(1)">`,
      newEmail: `"><script>alert(1)</script>@example.com`,
      url: URL_WITH_QUERY,
      expiresIn: 3600,
    });
    expect(message.html).not.toMatch(/<img|<script/);
    expect(message.html).toContain("&lt;script&gt;");
    expect(message.text).toContain("<script>");
  });

  it.each([
    [60, "1 minute"],
    [600, "10 minutes"],
    [3600, "1 hour"],
    [7200, "2 hours"],
    [86400, "24 hours"],
  ])("describes %i seconds as %s", (seconds, words) => {
    expect(describeLifetime(seconds)).toBe(words);
  });

  it.each(["password-set", "password-changed", "passkey-added", "email-changed"] as const)(
    "%s notice: promises a password form only when the sign-in screen has one",
    async (kind) => {
      const change = kind === "email-changed" ? { kind, newEmail: "b@example.com" } : kind === "passkey-added" ? { kind, passkeyName: null } : { kind };
      const notice = async (passwordSignIn: boolean | undefined) =>
        (await buildAccountNoticeMessage({ to: "a@example.com", name: "Ada", change, reviewURL: "http://localhost:3000/settings", passwordSignIn })).text;
      // Default (and on): the password advice of before.
      expect(await notice(undefined)).toBe(await notice(true));
      expect(await notice(true)).toMatch(/password/);
      const off = await notice(false);
      expect(off).not.toMatch(/password reset|with your password|change your password|can now be used to sign in/);
      expect(off).toContain("contact the administrator of this service");
    },
  );
});
