import type { AuthContext } from "../context.js";
import type { Audit } from "../audit/audit-log.js";
import { validateSessionToken } from "../session/session.js";
import { readSessionToken } from "../session/session-cookie.js";
import type { DB } from "../store/database.js";
import { deleteUserById, findUserById } from "../store/user-store.js";

/**
 * Moves what an anonymous user made to the real user: organization and team memberships (where
 * the real user is not already a member), invitations sent and the security event log. Rows that
 * would collide stay behind and go with the anonymous user. Sign-in methods (passkeys, a
 * password, linked accounts) stay behind too: whoever held the anonymous session (a shared
 * computer, a planted cookie) added them, and the real person never authenticated them.
 */
async function moveAnonymousData(db: DB, from: string, to: string): Promise<void> {
  await db
    .updateTable("member")
    .set({ userId: to })
    .where("userId", "=", from)
    .where("organizationId", "not in", db.selectFrom("member").select("organizationId").where("userId", "=", to))
    .execute();
  await db
    .updateTable("teamMember")
    .set({ userId: to })
    .where("userId", "=", from)
    .where("teamId", "not in", db.selectFrom("teamMember").select("teamId").where("userId", "=", to))
    .execute();
  await db.updateTable("invitation").set({ inviterId: to }).where("inviterId", "=", from).execute();
  await db.updateTable("securityEvent").set({ userId: to }).where("userId", "=", from).execute();
}

/**
 * Spec §7 sign-in/anonymous: when the browser of an anonymous session signs in as a real user,
 * the anonymous user's data is handed over and the anonymous user deleted (its sessions go with
 * it). A failure here is logged and never fails the sign-in itself.
 */
export async function handOverAnonymousUser(ctx: AuthContext, headers: Headers, newUserId: string, audit: Audit<"anonymous-linked">): Promise<void> {
  const token = readSessionToken(ctx, headers);
  if (!token) return;
  try {
    const active = await validateSessionToken(ctx, token);
    if (!active || active.user.isAnonymous !== 1 || active.user.id === newUserId) return;
    const newUser = await findUserById(ctx.db, newUserId);
    if (!newUser || newUser.isAnonymous === 1) return;
    const anonymousUserId = active.user.id;
    await audit.change(async (trx, log) => {
      await moveAnonymousData(trx, anonymousUserId, newUserId);
      await log.write({ userId: newUserId, type: "anonymous-linked", method: "anonymous", detail: { anonymousUserId } });
    });
    const { anonymous } = ctx.options.social;
    if (anonymous.onLinkAccount) await anonymous.onLinkAccount({ anonymousUserId, newUserId });
    if (anonymous.deleteAnonymousUser) await deleteUserById(ctx.db, anonymousUserId);
  } catch (error) {
    ctx.logger.error("anonymous hand-over failed", { error: error instanceof Error ? error.message : String(error) });
  }
}
