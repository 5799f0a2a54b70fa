import { translatedErrorBody, type APIError } from "@gatehouse/auth-core";

/**
 * The JSON body of one of the server's own error answers (outside /api/auth), in the request's
 * language as /api/auth answers: auth-core's detection (Accept-Language by q-value, then the
 * `locale` cookie) and catalogues; the same code, `message` translated, the English one in
 * `originalMessage`. English, or a code without a translation, answers exactly as before.
 */
export function errorBody(error: APIError, headers: Headers): Record<string, unknown> {
  return translatedErrorBody(error, headers) ?? error.toJSON();
}
