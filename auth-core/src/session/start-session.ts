import type { ClientInfo, ResponseDraft } from "../endpoint.js";
import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { handOverAnonymousUser } from "../oauth/anonymous.js";
import type { Audit } from "../audit/audit-log.js";
import { createSession, type ActiveSession } from "./session.js";
import { hashToken } from "../crypto/token-hash.js";
import { deleteSessionByTokenHash } from "../store/session-store.js";
import { findUserById } from "../store/user-store.js";
import { admitToSession } from "../admin/admission.js";
import { bearerTokenFor, buildSessionCookie, readSessionToken } from "./session-cookie.js";

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
    /** The call's audit: a hand-over of an anonymous user writes its row. */
    audit: Audit<"anonymous-linked">;
    /**
     * The sign-in itself proved the person holds the address (a provider that vouches for this very
     * address): ADMIN_EMAILS may apply (admin/admission.ts). Absent: it does not.
     */
    provesMailbox?: boolean;
  },
): Promise<{ token: string; session: ActiveSession["session"] }> {
  const user = await findUserById(ctx.db, input.userId);
  if (!user) throw APIError.from(500, "FAILED_TO_CREATE_SESSION");
  // A ban refuses every way in here; ADMIN_EMAILS only for a sign-in that proved the mailbox.
  await admitToSession(ctx, user, input.client, { provesMailbox: input.provesMailbox === true });
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
  await handOverAnonymousUser(ctx, input.headers, input.userId, input.audit);
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
