import { ERROR_CODES, type APIError, type ErrorCode } from "../errors.js";
import { errorResponse, jsonResponse } from "../http/json-response.js";
import type { ErrorCatalogue, Language } from "./catalogue.js";
import { de } from "./de.js";
import { detectLanguage } from "./detect-language.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { ja } from "./ja.js";

const CATALOGUES: Readonly<Record<Exclude<Language, "en">, ErrorCatalogue>> = { de, fr, es, ja };

/**
 * An error answer's body in the language of the request (better-auth i18n's behaviour): the same
 * code and status, `message` translated, the English one kept in `originalMessage`. Null when the
 * answer stays as it is: English asked for, or no translation of this code, or a wording other
 * than the catalogue's own (a filled-in `{name}`, another wording the spec fixes for one flow).
 * Called only where an error becomes an answer: no answer that succeeds pays for it.
 */
export function translatedErrorBody(error: APIError, headers: Headers): Record<string, unknown> | null {
  const language = detectLanguage(headers);
  if (language === "en") return null;
  const entry = (ERROR_CODES as Record<string, { message: string } | undefined>)[error.code];
  if (!entry || entry.message !== error.message) return null;
  const message = CATALOGUES[language][error.code as ErrorCode];
  if (!message) return null;
  return { ...error.toJSON(), message, originalMessage: error.message };
}

/**
 * An error's answer with the base headers, its message in the request's language when one is
 * asked for and translated: the router's one catch and the fast path's rate-limit refusal.
 */
export function translatedErrorResponse(error: APIError, base: Readonly<Record<string, string>>, headers: Headers): Response {
  const translated = translatedErrorBody(error, headers);
  return translated ? jsonResponse(translated, error.status, base, error.headers) : errorResponse(error, base);
}
