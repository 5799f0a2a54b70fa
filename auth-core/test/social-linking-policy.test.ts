import { describe, expect, it } from "vitest";
import { decideLink, decideSocialSignIn, isSignUpDisabled, type SignInDecision } from "../src/oauth/linking-policy.js";

const open = { enabled: true, trustedProviders: [] as string[] };
const trusting = { enabled: true, trustedProviders: ["google"] };
const closed = { enabled: false, trustedProviders: ["google"] };

describe("spec §4 social sign-in decision", () => {
  it.each<[string, Parameters<typeof decideSocialSignIn>[0], SignInDecision]>([
    [
      "existing user with the linked account",
      { userExists: true, accountLinked: true, providerId: "google", emailVerified: false, linking: closed, signUpDisabled: true },
      "sign-in",
    ],
    [
      "existing user, email verified",
      { userExists: true, accountLinked: false, providerId: "google", emailVerified: true, linking: open, signUpDisabled: false },
      "link-and-sign-in",
    ],
    [
      "existing user, unverified, trusted provider",
      { userExists: true, accountLinked: false, providerId: "google", emailVerified: false, linking: trusting, signUpDisabled: false },
      "link-and-sign-in",
    ],
    [
      "existing user, unverified, untrusted",
      { userExists: true, accountLinked: false, providerId: "google", emailVerified: false, linking: open, signUpDisabled: false },
      "account not linked",
    ],
    [
      "existing user, another provider trusted",
      {
        userExists: true,
        accountLinked: false,
        providerId: "google",
        emailVerified: false,
        linking: { enabled: true, trustedProviders: ["github"] },
        signUpDisabled: false,
      },
      "account not linked",
    ],
    [
      "existing user, verified, linking disabled",
      { userExists: true, accountLinked: false, providerId: "google", emailVerified: true, linking: closed, signUpDisabled: false },
      "account not linked",
    ],
    [
      "no user, sign-up open",
      { userExists: false, accountLinked: false, providerId: "google", emailVerified: false, linking: open, signUpDisabled: false },
      "sign-up",
    ],
    [
      "no user, sign-up disabled",
      { userExists: false, accountLinked: false, providerId: "google", emailVerified: true, linking: open, signUpDisabled: true },
      "signup disabled",
    ],
  ])("%s", (_name, facts, expected) => {
    expect(decideSocialSignIn(facts)).toBe(expected);
  });

  it.each([
    [{ disableSignUp: false, disableImplicitSignUp: false }, false, false],
    [{ disableSignUp: false, disableImplicitSignUp: true }, false, true],
    [{ disableSignUp: false, disableImplicitSignUp: true }, true, false],
    [{ disableSignUp: true, disableImplicitSignUp: false }, true, true],
    [{ disableSignUp: true, disableImplicitSignUp: true }, true, true],
  ])("sign-up disabled for %o with requestSignUp=%s: %s", (provider, requestSignUp, expected) => {
    expect(isSignUpDisabled(provider, requestSignUp)).toBe(expected);
  });
});

describe("spec §4/§5 linking to the signed-in user", () => {
  const base = { providerId: "google", emailVerified: true, providerEmail: "ada@example.com", userEmail: "ada@example.com" };
  const linking = { enabled: true, trustedProviders: [] as string[], allowDifferentEmails: false };
  it.each<[string, Parameters<typeof decideLink>[0], ReturnType<typeof decideLink>]>([
    ["same verified email", { ...base, linking }, "link"],
    ["same email, case differs", { ...base, providerEmail: "ADA@example.com", linking }, "link"],
    ["unverified, untrusted", { ...base, emailVerified: false, linking }, "unable_to_link_account"],
    ["unverified, trusted", { ...base, emailVerified: false, linking: { ...linking, trustedProviders: ["google"] } }, "link"],
    ["linking disabled", { ...base, linking: { ...linking, enabled: false } }, "unable_to_link_account"],
    ["different email", { ...base, providerEmail: "other@example.com", linking }, "email_doesn't_match"],
    ["no email from the provider", { ...base, providerEmail: null, linking }, "email_doesn't_match"],
    ["different email allowed", { ...base, providerEmail: "other@example.com", linking: { ...linking, allowDifferentEmails: true } }, "link"],
  ])("%s", (_name, facts, expected) => {
    expect(decideLink(facts)).toBe(expected);
  });
});
