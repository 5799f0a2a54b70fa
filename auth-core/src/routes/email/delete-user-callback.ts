import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { redirectResponse, withQueryParams } from "../../email/links.js";
import { deleteUserAccount } from "../../email/user-deletion.js";
import { buildClearedSessionCookie } from "../../session/session-cookie.js";
import { assertDeleteToken, type DeleteUserAnswer } from "./delete-user.js";

/**
 * The mailed deletion link. It works only in a browser signed in as the same user, so a leaked
 * mail alone cannot delete an account; the token is consumed in the deleting transaction.
 */
export const deleteUserCallback = defineEndpoint({
  name: "deleteUserCallback",
  method: "GET",
  path: "/delete-user/callback",
  query: z.object({ token: z.string().max(256), callbackURL: z.string().optional() }),
  session: "required",
  feature: "deleteUser",
  rateLimit: "default",
  audit: ["account-deleted"],
  async handler({ ctx, query, session, response, audit }): Promise<DeleteUserAnswer | Response> {
    const { callbackURL } = query;
    try {
      await assertDeleteToken(ctx, query.token, session.user.id);
      await deleteUserAccount(ctx, { user: session.user, audit, token: query.token, method: "token" });
    } catch (error) {
      if (callbackURL && error instanceof APIError && error.code === "INVALID_TOKEN") {
        return redirectResponse(withQueryParams(callbackURL, { error: "INVALID_TOKEN" }, ctx.options.baseURL));
      }
      throw error;
    }
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    if (callbackURL) return redirectResponse(callbackURL);
    return { success: true, message: "User deleted" };
  },
});
