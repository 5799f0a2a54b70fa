import { readStatus } from "./auth-errors.js";
import { i18n } from "./i18n.js";

/*
 * Spec §8's words. Apart from auth-errors.ts (the error classes and classifiers the first load
 * needs): the screens and forms that show them load after /login's first paint.
 */

export const MESSAGES = {
  sessionExpired: "Your session has expired. Please sign in again.",
  unauthorized: "You need to sign in to access this page.",
  network: "Network error. Please check your connection and try again.",
  passkeyUnsupported: "Your browser doesn't support passkeys.",
  passkeyNotFound: "No passkey found for this account. Please sign in with Google first.",
  generic: "Something went wrong. Please try again.",
  authCancelled: "auth cancelled",
  previouslyRegistered: "previously registered",
  registrationCancelled: "registration cancelled",
} as const;

/** A catalog's message in the shown language, or the English one where that catalog is not in (the signed-in pages' on the front door). */
export function inShownLanguage(id: string, english: string, values?: Record<string, unknown>): string {
  const text = i18n._(id, values);
  return text === id ? english : text;
}

/** Spec §8's words in the shown language (the front door's catalog, always in, has them: `auth.network`). */
export function specMessage(key: keyof typeof MESSAGES): string {
  return inShownLanguage(`auth.${key}`, MESSAGES[key]);
}

/** Spec §2: the Authentication Required text: "session expired" for Unauthorized or 401. */
export function authRequiredText(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const record = error as { name?: unknown; code?: unknown; message?: unknown };
    const unauthorized = [record.name, record.code, record.message].some((v) => typeof v === "string" && v.toLowerCase() === "unauthorized");
    if (unauthorized || readStatus(error) === 401) return specMessage("sessionExpired");
  }
  return specMessage("unauthorized");
}
