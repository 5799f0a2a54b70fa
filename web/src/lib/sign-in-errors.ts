import { AuthNetworkError, AuthRequestError } from "./auth-errors.js";
import { MESSAGES } from "./auth-messages.js";

/*
 * Spec §8's words for a failed passkey ceremony or provider sign-in. Apart from auth-errors.ts so
 * that /login's first load does not carry them: the sign-in screen loads them when something failed.
 */

export type PasskeyCeremony = "authentication" | "registration";

/** A suspended (banned) person's sign-in (issue 48): said, not "Something went wrong". */
const WORDS = { ...MESSAGES, banned: "This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake." } as const;

/** The words for each of spec §8's messages: English, or a translation (the sign-in screen's). */
export type MessageWords = (key: keyof typeof WORDS) => string;
const ENGLISH: MessageWords = (key) => WORDS[key];

/** Spec §8's passkey messages for a failed sign-in or registration. */
export function passkeyErrorMessage(error: unknown, ceremony: PasskeyCeremony, words: MessageWords = ENGLISH): string {
  if (error instanceof AuthNetworkError || error instanceof TypeError) return words("network");
  if (error instanceof AuthRequestError) {
    if (error.code === "BANNED_USER") return words("banned");
    if (error.status === 404 || /^(NO_PASSKEY_FOUND|PASSKEY_NOT_FOUND|CREDENTIAL_NOT_FOUND)$/i.test(error.code ?? "")) return words("passkeyNotFound");
    return error.message || words("generic");
  }
  if (typeof error === "object" && error !== null) {
    const { name, code } = error as { name?: unknown; code?: unknown };
    if (name === "PasskeysUnsupportedError") return words("passkeyUnsupported");
    if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return words("previouslyRegistered");
    if (code === "ERROR_CEREMONY_ABORTED" || name === "NotAllowedError" || name === "AbortError") {
      return ceremony === "registration" ? words("registrationCancelled") : words("authCancelled");
    }
    if (name === "NotSupportedError") return words("passkeyUnsupported");
  }
  return words("generic");
}

/** Spec §8: a failed start of a social sign-in (any provider): the network message, or the generic one. */
export function signInErrorMessage(error: unknown, words: MessageWords = ENGLISH): string {
  return error instanceof AuthNetworkError || error instanceof TypeError ? words("network") : words("generic");
}
