import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";

/** GET /token (better-auth's jwt wire): the signed-in session's JWT, `{ token }`. */
export const getToken = defineEndpoint({
  name: "getToken",
  method: "GET",
  path: "/token",
  session: "required",
  rateLimit: "default",
  audit: { none: "signs a token for the current session; nothing of the account changes" },
  async handler({ ctx, session }): Promise<{ token: string }> {
    if (!ctx.options.jwt.enabled) throw APIError.from(404, "NOT_FOUND");
    return { token: await ctx.sessionJWT.tokenFor(ctx, session) };
  },
});
