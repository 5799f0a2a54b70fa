import type { ClientInfo, ResponseDraft } from "../endpoint.js";
import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { handOverAnonymousUser } from "../oauth/anonymous.js";
import { createSession, type ActiveSession } from "./session.js";
import { buildSessionCookie } from "./session-cookie.js";

/**
 * Signs a user in: a new session, its cookie on the answer. Every sign-in method ends here, so
 * cookies and persistence are decided in one place.
 */
export async function startSession(
  ctx: AuthContext,
  draft: ResponseDraft,
  input: {
    userId: string;
    rememberMe: boolean;
    client: ClientInfo;
    /**
     * The request's headers. Required so no sign-in method can forget it: an anonymous session
     * in them is handed over to this user (spec §7).
     */
    headers: Headers;
  },
): Promise<{ token: string; session: ActiveSession["session"] }> {
  let created: Awaited<ReturnType<typeof createSession>>;
  try {
    created = await createSession(ctx, {
      userId: input.userId,
      rememberMe: input.rememberMe,
      ipAddress: input.client.ipAddress,
      userAgent: input.client.userAgent,
    });
  } catch (error) {
    ctx.logger.error("session not created", { error: error instanceof Error ? error.message : String(error) });
    throw APIError.from(500, "FAILED_TO_CREATE_SESSION");
  }
  const { token, ...session } = created;
  await handOverAnonymousUser(ctx, input.headers, input.userId);
  draft.headers.append("set-cookie", buildSessionCookie(ctx, token, { rememberMe: input.rememberMe }));
  return { token, session };
}
