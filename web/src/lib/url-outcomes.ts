/**
 * What comes back in the address, told in words. The auth service returns refusals as
 * `?error=<code>` (spec §8: verify-email, the OAuth callback, reset links); the web app's own
 * callback URLs carry `?notice=<what happened>` on success. Each maps to one sentence here; the
 * page the person lands on shows it and takes the parameter out of the address.
 */

import { inShownLanguage } from "./auth-messages.js";

export type OutcomeTone = "success" | "error" | "info";

export interface Outcome {
  tone: OutcomeTone;
  text: string;
}

/** The success returns the web app asks for in its callback URLs. */
export const NOTICE = {
  emailVerified: "email-verified",
  emailChanged: "email-changed",
  accountDeleted: "account-deleted",
  accountLinked: "account-linked",
  sessionsRevoked: "sessions-revoked",
  passwordReset: "password-reset",
  /** Sent by the server's invitation sign-up link (auth-core, organization/invitation-sign-up). */
  invitedAccount: "invited-account",
  /** The Users page after deleting an organization (it stays said while the page shows the next one, or none). */
  organizationDeleted: "organization-deleted",
} as const;

const NOTICES: Record<string, Outcome> = {
  [NOTICE.emailVerified]: { tone: "success", text: "Your email address is verified." },
  [NOTICE.emailChanged]: { tone: "success", text: "Your email address was changed. Check the new address for a link to verify it." },
  [NOTICE.accountDeleted]: { tone: "success", text: "Your account was deleted, with everything in it. Goodbye." },
  [NOTICE.accountLinked]: { tone: "success", text: "The account was linked. You can now sign in with it too." },
  [NOTICE.sessionsRevoked]: { tone: "success", text: "You were signed out everywhere, this device included." },
  [NOTICE.invitedAccount]: { tone: "success", text: "Your account is ready and your email address is verified. Answer the invitation below." },
  [NOTICE.organizationDeleted]: { tone: "success", text: "The organization was deleted, with its members, invitations and teams." },
  [NOTICE.passwordReset]: { tone: "success", text: "Your password was changed and every session signed out. Sign in with the new password." },
};

const RESTART = "Please start again.";

/** Spec §8's error codes (verify-email, OAuth callback, reset links), lower-cased with spaces as underscores. */
const ERRORS: Record<string, Outcome> = {
  // The person pressed Cancel (or refused) at the provider.
  access_denied: { tone: "info", text: "You cancelled at the provider, so nothing changed." },
  // Verify-email and change-email links.
  token_expired: { tone: "error", text: "This link has expired. Ask for a new one from Settings." },
  invalid_token: { tone: "error", text: "This link is invalid or was already used. Ask for a new one if you still need it." },
  user_not_found: { tone: "error", text: "The account this link was for no longer exists." },
  unauthorized: { tone: "error", text: "This link belongs to another account. Sign in as its owner and follow it again." },
  // Reset links.
  invalid_token_reset: { tone: "error", text: "This link is invalid or has expired. Ask for a new one." },
  // The OAuth callback.
  please_restart_the_process: { tone: "error", text: `The sign-in took too long or was interrupted. ${RESTART}` },
  invalid_callback_request: { tone: "error", text: `The provider sent back an answer we could not read. ${RESTART}` },
  state_not_found: { tone: "error", text: `The sign-in took too long or was started in another tab. ${RESTART}` },
  no_code: { tone: "error", text: `The provider did not finish the sign-in. ${RESTART}` },
  oauth_provider_not_found: { tone: "error", text: "This sign-in provider is not available here." },
  invalid_code: { tone: "error", text: `The provider's answer had expired. ${RESTART}` },
  unable_to_get_user_info: { tone: "error", text: `The provider did not tell us who you are. ${RESTART}` },
  no_callback_url: { tone: "error", text: `The sign-in lost its way back. ${RESTART}` },
  unable_to_link_account: { tone: "error", text: "That account could not be linked to yours." },
  // A change-email confirmation whose new address another account took meanwhile.
  couldnt_update_your_email: { tone: "error", text: "Another account took this address meanwhile, so your email address was not changed." },
  "email_doesn't_match": {
    tone: "error",
    text: "That account uses another email address than yours, so it was not linked. Link an account with the same address.",
  },
  account_already_linked_to_different_user: { tone: "error", text: "That account is already linked to another person's account here, so it was not linked." },
  email_not_found: { tone: "error", text: "The provider did not share an email address, which this service needs to sign you in." },
  account_not_linked: {
    tone: "error",
    text: "An account with this email address already exists. Sign in the way you usually do, then link this provider in Settings.",
  },
  signup_disabled: { tone: "error", text: "New accounts cannot be created here. Sign in with an account you already have." },
  unable_to_create_user: { tone: "error", text: `Your account could not be created. ${RESTART}` },
  unable_to_create_session: { tone: "error", text: `You could not be signed in. ${RESTART}` },
  internal_server_error: { tone: "error", text: "Something went wrong. Please try again." },
  // A suspended (banned) person signing in with a provider: told so, not "Something went wrong" (issue 48).
  banned_user: { tone: "error", text: "This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake." },
};

/** Spec §8's Generic message, for a code the table does not know: the code itself is never shown. */
const UNKNOWN_ERROR: Outcome = { tone: "error", text: "Something went wrong. Please try again." };

function normalize(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * An outcome in the shown language: the signed-in pages' catalog has each sentence
 * (`outcome.error.<code>`, `outcome.notice.<notice>`; the notice loads it first), else English.
 */
function translated(outcome: Outcome, id: string): Outcome {
  return { tone: outcome.tone, text: inShownLanguage(id, outcome.text) };
}

/** The sentence for an `error` code (unknown codes: the Generic message). */
export function errorOutcome(code: string): Outcome {
  const known = ERRORS[normalize(code)];
  return known ? translated(known, `outcome.error.${normalize(code)}`) : translated(UNKNOWN_ERROR, "auth.generic");
}

/** The sentence for a `notice`, or null for one the app never sends. */
export function noticeOutcome(notice: string): Outcome | null {
  const known = NOTICES[notice];
  return known ? translated(known, `outcome.notice.${notice}`) : null;
}

/** What the signed-in page knows of the person when it tells an outcome (nothing before the session is read). */
export interface OutcomeFacts {
  email?: string;
  emailVerified?: boolean;
}

/**
 * `email-changed` comes back twice (both links of a change carry the same return address): from
 * the current address's confirmation, when the new one is not verified yet, and from the new
 * address's verification link, when it is. Told by the session's state, and not before it is known.
 */
function emailChangedOutcome(facts: OutcomeFacts): Outcome | null {
  if (facts.emailVerified === undefined) return null;
  if (!facts.emailVerified) return noticeOutcome(NOTICE.emailChanged);
  const text = facts.email
    ? inShownLanguage("outcome.notice.new-email-verified", `Your new email address, ${facts.email}, is verified.`, { email: facts.email })
    : inShownLanguage("outcome.notice.new-email-verified-plain", "Your new email address is verified.");
  return { tone: "success", text };
}

/** The outcome an address carries: an error wins over the notice of the same return. */
export function readOutcome(search: URLSearchParams, facts?: OutcomeFacts): Outcome | null {
  const error = search.get("error");
  if (error !== null) return errorOutcome(error);
  const notice = search.get("notice");
  if (notice === NOTICE.emailChanged && facts) return emailChangedOutcome(facts);
  return notice === null ? null : noticeOutcome(notice);
}

/** The address without the outcome's parameters (the rest of the query stays). */
export function withoutOutcome(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete("error");
  rest.delete("error_description");
  rest.delete("notice");
  return rest;
}
