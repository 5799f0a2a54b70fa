import { AuthNetworkError, AuthRequestError } from "./auth-errors.js";
import { inShownLanguage, specMessage as spec } from "./auth-messages.js";
import { messageForCode, tooManyAttemptsMessage, validationMessage, withoutFieldPath } from "./messages-by-code.js";

/*
 * The words a person reads for a failed call: never a field path, a code or a
 * transport text. Apart from auth-errors.ts so that /login's first load does not carry the table.
 */

/** The message a form shows for a failed auth-service call: the server's words, or §8's. */
export function actionErrorMessage(error: unknown): string {
  if (error instanceof AuthNetworkError) return spec("network");
  if (error instanceof TypeError) return spec("network"); // fetch's "Failed to fetch"
  if (error instanceof AuthRequestError && error.status === 429 && error.retryAfterSeconds !== null) return tooManyAttemptsMessage(error.retryAfterSeconds);
  if (error instanceof AuthRequestError && error.code === "VALIDATION_ERROR") return validationMessage(error.message) ?? spec("generic");
  if (error instanceof AuthRequestError) return messageForCode(error.code) ?? (withoutFieldPath(error.message) || spec("generic"));
  if (isRemoteCallError(error)) return remoteCallErrorMessage(error);
  return spec("generic");
}

/** Spec §7: what the tRPC client raises when an answer cannot be decoded (it stays the thrown error). */
const UNTRANSFORMABLE = "Unable to transform response from server";

interface RemoteCallError {
  message: string;
  data?: { code?: unknown; httpStatus?: unknown } | null;
  cause?: unknown;
}

function isRemoteCallError(error: unknown): error is RemoteCallError {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "TRPCClientError";
}

/**
 * A remote call's refusal as a person reads it: the server's sentence for a refusal it chose to
 * word, and spec §8's Network or Generic message for a transport failure, an answer that could not
 * be read, or a list of input issues (tRPC sends those as JSON with field paths).
 */
function remoteCallErrorMessage(error: RemoteCallError): string {
  const { message, data } = error;
  // No answer at all: fetch failed before tRPC saw a response.
  if (!data && (error.cause instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(message))) return spec("network");
  if (!data || !message || message.includes(UNTRANSFORMABLE)) return spec("generic");
  if (data.code === "INTERNAL_SERVER_ERROR" || message.trimStart().startsWith("[") || message.trimStart().startsWith("{")) return spec("generic");
  return withoutFieldPath(message) || spec("generic");
}

/** For any error shown on a page (an in-page error state, the Generic screen): never a transport text. */
export function displayErrorMessage(error: unknown): string {
  if (isRemoteCallError(error) || error instanceof AuthRequestError || error instanceof AuthNetworkError || error instanceof TypeError)
    return actionErrorMessage(error);
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== "string" || message.trim() === "") return inShownLanguage("common.unexpected", "An unexpected error occurred");
  if (message.includes(UNTRANSFORMABLE)) return spec("generic");
  return withoutFieldPath(message) || inShownLanguage("common.unexpected", "An unexpected error occurred");
}
