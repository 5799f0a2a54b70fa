import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { findEmailToken } from "../../email/email-tokens.js";
import { redirectResponse, withQueryParams } from "../../email/links.js";

/**
 * Spec §2: GET /reset-password/{token} redirects to the callbackURL with the token, or with
 * error=INVALID_TOKEN. It only looks: the token is used by POST /reset-password.
 */
export const resetPasswordCallback = defineEndpoint({
  name: "resetPasswordCallback",
  method: "GET",
  path: "/reset-password/:token",
  query: z.object({ callbackURL: z.string().optional() }),
  session: "none",
  rateLimit: "default",
  audit: { none: "checks the reset token and redirects; the reset itself is POST /reset-password" },
  async handler({ ctx, params, query }): Promise<Response> {
    const { callbackURL } = query;
    if (!callbackURL) throw APIError.from(400, "CALLBACKURL_IS_REQUIRED");
    const token = params.token ?? "";
    const live = token.length > 0 && token.length <= 256 ? await findEmailToken(ctx, "reset-password", token) : null;
    const redirectParams: Record<string, string> = live ? { token } : { error: "INVALID_TOKEN" };
    return redirectResponse(withQueryParams(callbackURL, redirectParams, ctx.options.baseURL));
  },
});
