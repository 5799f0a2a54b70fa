import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { emailField, parseEmailOrThrow } from "../../email/email-address.js";
import { mailSetting } from "../../email/mail-setting.js";
import { mailMagicLink } from "../../passwordless/magic-link.js";

const body = z.object({
  email: emailField,
  name: z.string().max(256).optional(),
  callbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/**
 * better-auth's POST /sign-in/magic-link: mails a sign-in link to the address, known or not (the
 * same answer and the same mail either way; the account of an unknown address is made when the
 * link is opened). The URL inputs were checked by the router (403 INVALID_CALLBACK_URL and the
 * others, before any mail).
 */
export const signInMagicLink = defineEndpoint({
  name: "signInMagicLink",
  method: "POST",
  path: "/sign-in/magic-link",
  body,
  session: "none",
  feature: "magicLink",
  urlInputCodes: "plugin",
  rateLimit: { window: 60, max: 5 },
  audit: { none: "mails a link; the sign-in it leads to is logged when the link is opened" },
  async handler({ ctx, body, headers }): Promise<{ status: boolean }> {
    const email = parseEmailOrThrow(body.email);
    await mailMagicLink(ctx, {
      email,
      name: body.name ?? "",
      callbackURL: body.callbackURL,
      newUserCallbackURL: body.newUserCallbackURL,
      errorCallbackURL: body.errorCallbackURL,
      language: mailSetting(ctx, headers).language,
    });
    return { status: true };
  },
});
