import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import type { DB } from "../store/database.js";
import { countLiveInvitations } from "../store/invitation-store.js";
import { countMembers } from "../store/member-store.js";
import { findOrganizationById } from "../store/organization-store.js";

/**
 * A seat is a member or a live invitation; a new one is refused at the limit the
 * `organization.seatLimit` hook gives (403 SEAT_LIMIT_REACHED; no hook or a null answer: no
 * limit). Accepting an invitation fills the seat it already held, so the caller names it in
 * `filling` and it is not counted twice. Call it inside the transaction that locked the
 * organization, with that transaction, so two additions cannot both take the last seat.
 */
export async function assertSeatAvailable(ctx: AuthContext, db: DB, organizationId: string, now: Date, filling: "new-seat" | "invited-seat"): Promise<void> {
  const seatLimit = ctx.options.organization.seatLimit;
  if (!seatLimit) return;
  const organization = await findOrganizationById(db, organizationId);
  const members = await countMembers(db, organizationId);
  const pendingInvitations = await countLiveInvitations(db, organizationId, now);
  const limit = await seatLimit({ id: organizationId, plan: organization?.plan ?? null });
  if (limit === null) return;
  const taken = members + pendingInvitations - (filling === "invited-seat" ? 1 : 0);
  if (taken >= limit) throw APIError.from(403, "SEAT_LIMIT_REACHED");
}
