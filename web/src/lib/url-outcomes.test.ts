import { describe, expect, it } from "vitest";
import { errorOutcome, NOTICE, noticeOutcome, readOutcome, withoutOutcome } from "./url-outcomes.js";

/** Spec §8: the codes that come back in the address. */
const VERIFY_EMAIL = ["token_expired", "invalid_token", "user_not_found", "unauthorized"];
const OAUTH_CALLBACK = [
  "please_restart_the_process",
  "invalid_callback_request",
  "state_not_found",
  "no_code",
  "oauth_provider_not_found",
  "invalid_code",
  "unable_to_get_user_info",
  "no_callback_url",
  "unable_to_link_account",
  "email_doesn't_match",
  "account_already_linked_to_different_user",
  "email_not_found",
  "internal_server_error",
  "account not linked",
  "signup disabled",
  "unable to create user",
  "unable to create session",
];
const GENERIC = "Something went wrong. Please try again.";
const SUSPENDED = "This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake.";

describe("URL outcomes told in words", () => {
  it("tells a banned person who signed in with a provider that the account is suspended (BANNED_USER), not Something went wrong (issue 48)", () => {
    expect(errorOutcome("BANNED_USER")).toEqual({ tone: "error", text: SUSPENDED });
    expect(readOutcome(new URLSearchParams("error=BANNED_USER&error_description=You+have+been+banned"))?.text).toBe(SUSPENDED);
  });

  it.each([...VERIFY_EMAIL, ...OAUTH_CALLBACK, "INVALID_TOKEN"])("%s has its own sentence, which never shows the code", (code) => {
    const { text } = errorOutcome(code);
    expect(text).toMatch(/^[A-Z].*\.$/);
    expect(text.toLowerCase()).not.toContain(code.toLowerCase());
    if (code !== "internal_server_error") expect(text).not.toBe(GENERIC);
  });

  it("tells a cancel at the provider as a cancellation, and an unknown code with the Generic message only", () => {
    expect(errorOutcome("access_denied")).toEqual({ tone: "info", text: "You cancelled at the provider, so nothing changed." });
    expect(errorOutcome("some_new_code")).toEqual({ tone: "error", text: GENERIC });
  });

  it("has a sentence for each success return, and none for a notice the app never sends", () => {
    for (const notice of Object.values(NOTICE)) expect(noticeOutcome(notice)?.tone).toBe("success");
    expect(noticeOutcome("pwned")).toBeNull();
  });

  it("prefers the error of a return over its notice, and removes only the outcome's parameters", () => {
    const search = new URLSearchParams("notice=email-verified&error=invalid_token&section=email");
    expect(readOutcome(search)?.text).toBe(errorOutcome("invalid_token").text);
    expect(withoutOutcome(search).toString()).toBe("section=email");
    expect(readOutcome(new URLSearchParams("section=email"))).toBeNull();
  });

  it("tells the return of a changed address's verification link as verified, not as changed again (issue 48)", () => {
    const search = new URLSearchParams("notice=email-changed");
    // The current address's confirmation: changed, not verified yet.
    expect(readOutcome(search, { email: "new@example.com", emailVerified: false })?.text).toBe(
      "Your email address was changed. Check the new address for a link to verify it.",
    );
    // The new address's link (the same return address): now verified.
    expect(readOutcome(search, { email: "new@example.com", emailVerified: true })).toEqual({
      tone: "success",
      text: "Your new email address, new@example.com, is verified.",
    });
    // Before the session is known, nothing is said yet rather than the wrong sentence.
    expect(readOutcome(search, {})).toBeNull();
    expect(readOutcome(new URLSearchParams("notice=email-verified"), {})?.text).toBe("Your email address is verified.");
  });

  it("says in words that the new address was taken meanwhile (couldnt_update_your_email)", () => {
    expect(errorOutcome("couldnt_update_your_email")).toEqual({
      tone: "error",
      text: "Another account took this address meanwhile, so your email address was not changed.",
    });
  });
});
