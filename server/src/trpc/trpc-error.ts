import { TRPCError } from "@trpc/server";
import { APIError, translatedErrorBody } from "@gatehouse/auth-core";

type TRPCErrorCode = ConstructorParameters<typeof TRPCError>[0]["code"];

/** tRPC's code for each status an auth-core refusal answers with; any other 5xx is internal, any other 4xx a bad request. */
const CODE_BY_STATUS: Partial<Record<number, TRPCErrorCode>> = { 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 429: "TOO_MANY_REQUESTS" };

/** An auth-core refusal keeps its spec §8 message; its status picks the tRPC code. */
export function toTRPCError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = CODE_BY_STATUS[error.status] ?? (error.status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
  return new TRPCError({ code, message: error.message, cause: error });
}

/** The request headers of errors thrown before a context existed (context creation), for their language. */
const headersOfError = new WeakMap<object, Headers>();

/** The error, noted with its request's headers: thrown where the error formatter has no context to read them from. */
export function withRequestHeaders(error: unknown, headers: Headers): unknown {
  if (typeof error === "object" && error !== null) headersOfError.set(error, headers);
  return error;
}

/** The headers noted with an error (or the error tRPC wrapped it in), if any. */
export function requestHeadersOf(error: TRPCError): Headers | undefined {
  return headersOfError.get(error) ?? (typeof error.cause === "object" && error.cause !== null ? headersOfError.get(error.cause) : undefined);
}

/**
 * A tRPC error's message in the request's language (the rule of /api/auth's answers: the
 * language from Accept-Language by q-value, then the `locale` cookie; auth-core's catalogues):
 * for an error that carries an auth-core refusal (`cause`) with its own wording, the translated
 * message and the English original; null when it stays as it is (English, no translation).
 */
export function translatedTRPCMessage(error: TRPCError, headers: Headers | undefined): { message: string; originalMessage: string } | null {
  const refusal = error.cause;
  if (!headers || !(refusal instanceof APIError) || refusal.message !== error.message) return null;
  const translated = translatedErrorBody(refusal, headers);
  return translated ? { message: String(translated["message"]), originalMessage: refusal.message } : null;
}
