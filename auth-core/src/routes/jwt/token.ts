import { defineEndpoint } from "../../endpoint.js";

/** GET /token (better-auth's jwt wire): the signed-in session's JWT, `{ token }`. */
export const getToken = defineEndpoint({
  name: "getToken",
  method: "GET",
  path: "/token",
  session: "required",
  feature: "jwt",
  rateLimit: "default",
  audit: { none: "signs a token for the current session; nothing of the account changes" },
  async handler({ ctx, session }): Promise<{ token: string }> {
    return { token: await ctx.sessionJWT.tokenFor(ctx, session) };
  },
});
