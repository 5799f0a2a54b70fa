import type { ClientInfo, ResponseDraft } from "../endpoint.js";
import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { createSession, type ActiveSession } from "./session.js";
import { hashToken } from "../crypto/token-hash.js";
import { deleteSessionByTokenHash } from "../store/session-store.js";
import { bearerTokenFor, buildSessionCookie, readSessionToken } from "./session-cookie.js";

/**
 * A new session and its cookie on the answer, so cookies and persistence are decided in one place.
 * Who may have one (a ban, the second step, an anonymous hand-over) is decided before, by
 * sign-in/complete-sign-in.ts, where every sign-in ends; a password change that ends every
 * session starts its caller's new one here directly.
 */
export async function startSession(
  ctx: AuthContext,
  draft: ResponseDraft,
  input: {
    userId: string;
    rememberMe: boolean;
    client: ClientInfo;
    /** The request's headers: the session the browser presented ends (fixation). */
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
  await endPresentedSession(ctx, input.headers);
  draft.headers.append("set-cookie", buildSessionCookie(ctx, token, { rememberMe: input.rememberMe, expiresAt: session.expiresAt }));
  if (ctx.options.bearer.enabled) {
    // The bearer option (better-auth's bearer wire): clients without cookies keep this and send it back
    // as Authorization: Bearer; CORS clients may read it.
    draft.headers.set("set-auth-token", bearerTokenFor(ctx, token));
    draft.headers.set("access-control-expose-headers", "set-auth-token");
  }
  return { token, session };
}

/**
 * A browser that signs in again gives up the session it presented, whoever's it was:
 * a cookie planted in it (fixation) or copied from it dies at its owner's next sign-in.
 */
async function endPresentedSession(ctx: AuthContext, headers: Headers): Promise<void> {
  const presented = readSessionToken(ctx, headers);
  if (presented) await deleteSessionByTokenHash(ctx.db, hashToken(presented));
}
