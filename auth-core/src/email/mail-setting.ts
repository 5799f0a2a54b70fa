import type { AuthContext } from "../context.js";
import { requestLanguage } from "../i18n/detect-language.js";
import type { MailSetting } from "./mail-content.js";

/**
 * The brand and language of a mail. `headers`: the request of the person the mail goes to (their
 * sign-up, their reset, their own change), whose language it takes (Accept-Language by q-value,
 * then the locale cookie); a request naming none of ours, or a mail no request of theirs causes
 * (an invitation, an operator's change), takes the team's mail language (brand.mailLanguage,
 * default English).
 */
export function mailSetting(ctx: AuthContext, headers?: Headers | null): MailSetting {
  const brand = ctx.options.email.brand;
  return { brand, language: (headers && requestLanguage(headers)) || brand.mailLanguage };
}
