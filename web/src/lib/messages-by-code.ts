import { i18n } from "./i18n.js";
import { inShownLanguage } from "./auth-messages.js";

/**
 * The words people read for a refusal, keyed by the wire code (ERROR_CODES of auth-core). A code
 * not listed keeps the server's own sentence, with any field path taken off; nobody reads a
 * code, a field path or a transport error.
 */
const ERROR_MESSAGES: Record<string, string> = {
  VALIDATION_ERROR: "Some of what you entered is not valid. Please check it and try again.",
  INVALID_EMAIL: "Enter a valid email address.",
  INVALID_EMAIL_OR_PASSWORD: "The email address or the password is wrong.",
  INVALID_PASSWORD: "The password is wrong.",
  PASSWORD_TOO_SHORT: "The password is too short. Use at least 8 characters.",
  PASSWORD_TOO_LONG: "The password is too long. Use at most 128 characters.",
  PASSWORD_COMPROMISED: "This password is too common. Choose another.",
  USER_ALREADY_EXISTS: "An account with this email address already exists. Sign in instead, or reset its password.",
  EMAIL_NOT_VERIFIED: "Verify your email address first: we sent you a link.",
  INVALID_TOKEN: "This link is invalid or has expired. Ask for a new one.",
  FAILED_TO_UNLINK_LAST_ACCOUNT: "This is your only way to sign in, so it can't be removed. Add another one first.",
  USER_ALREADY_HAS_PASSWORD: "You already have a password. Change it below instead.",
  SESSION_EXPIRED: "For your safety, sign in again before doing this.",
  SESSION_NOT_FRESH: "For your safety, sign in again before doing this: your last sign-in was a while ago.",
  FAILED_TO_SEND_EMAIL: "We could not send the email. Please try again later.",
  ORGANIZATION_SLUG_ALREADY_TAKEN: "Another organization already uses this slug. Choose another one.",
  ORGANIZATION_ALREADY_EXISTS: "Another organization already uses this slug. Choose another one.",
  INVALID_ORGANIZATION_SLUG: "Use 2 to 48 lowercase letters, digits and single hyphens for the slug, like acme-widgets.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: "You are the only owner: make someone else an owner before you leave.",
  INVITATION_NOT_FOUND: "This invitation can no longer be used: it expired, was cancelled or was already answered. Ask for a new one.",
  TOO_MANY_REQUESTS: "Too many attempts. Please wait a moment and try again.",
  BANNED_USER: "This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake.",
};

/**
 * The sentence for a code, if the table has one: in the shown language where the signed-in pages'
 * catalog is in (`code.<CODE>`), else the table's English (the front door words its own).
 */
export function messageForCode(code: string | null | undefined): string | undefined {
  const english = code ? ERROR_MESSAGES[code] : undefined;
  return english && inShownLanguage(`code.${code}`, english);
}

/** The fields a person types, named in words (the last part of a VALIDATION_ERROR's path). */
const FIELD_NAMES: Record<string, string> = {
  email: "email address",
  newEmail: "email address",
  name: "name",
  password: "password",
  newPassword: "password",
  currentPassword: "password",
  image: "picture address",
  slug: "slug",
  code: "code",
  otp: "code",
};

/**
 * A VALIDATION_ERROR's sentence naming the field at fault ("[body.email] Invalid email address"
 * → "The email address you entered is not valid."), in the shown language; the general sentence
 * for a field without a name in words (issue 48: it named none).
 */
export function validationMessage(serverMessage: string): string | undefined {
  const field = /^\s*\[(?:[^\]]*\.)?([A-Za-z]+)\]/.exec(serverMessage)?.[1];
  const english = field ? FIELD_NAMES[field] : undefined;
  if (!field || !english) return messageForCode("VALIDATION_ERROR");
  const name = inShownLanguage(`field.${field}`, english);
  return inShownLanguage("code.VALIDATION_ERROR.field", `The ${name} you entered is not valid. Check it and try again.`, { field: name });
}

/** "[body.image] Must be an https URL" → "Must be an https URL": a server sentence without its field path. */
export function withoutFieldPath(message: string): string {
  return message.replace(/^\s*\[[^\]]*\]\s*/, "").trim();
}

/** "Too many attempts. Try again in 45 seconds." (a 429 that said how long: X-Retry-After). */
export function tooManyAttemptsMessage(seconds: number): string {
  // The front door's catalog's words, always in.
  return seconds < 90 ? i18n._("error.wait.seconds", { seconds }) : i18n._("error.wait.minutes", { minutes: Math.ceil(seconds / 60) });
}
