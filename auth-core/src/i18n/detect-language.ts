import { readCookie } from "../http/cookies.js";
import { LANGUAGES, type Language } from "./catalogue.js";

/** The cookie a browser names its language in (better-auth i18n's default `locale`). */
const LOCALE_COOKIE = "locale";

function known(tag: string): Language | null {
  // Region and script subtags are dropped: de-DE is de, zh-Hant-TW would be zh.
  const primary = tag.trim().split("-", 1)[0]!.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/**
 * The languages of an Accept-Language header, best first: sorted by q-value (default 1; an entry
 * with q=0 or a malformed q is left out), ties in the header's order.
 */
function acceptedLanguages(header: string): string[] {
  const entries: Array<{ tag: string; q: number; at: number }> = [];
  header.split(",").forEach((part, at) => {
    const [tag, ...params] = part.split(";");
    if (!tag?.trim() || tag.trim() === "*") return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=");
      if (name?.trim().toLowerCase() === "q") q = Number(value?.trim());
    }
    if (Number.isFinite(q) && q > 0 && q <= 1) entries.push({ tag: tag.trim(), q, at });
  });
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((entry) => entry.tag);
}

/**
 * The language a request names (better-auth i18n's detection `["header", "cookie"]`): the first
 * Accept-Language entry by q-value that is a language we speak, else the `locale` cookie when it
 * names one, else null.
 */
export function requestLanguage(headers: Headers): Language | null {
  const header = headers.get("accept-language");
  if (header) {
    for (const tag of acceptedLanguages(header)) {
      const language = known(tag);
      if (language) return language;
    }
  }
  const cookie = readCookie(headers.get("cookie"), LOCALE_COOKIE);
  return (cookie && known(cookie)) || null;
}

/** The language of an answer: the request's (requestLanguage), else English. */
export function detectLanguage(headers: Headers): Language {
  return requestLanguage(headers) ?? "en";
}
