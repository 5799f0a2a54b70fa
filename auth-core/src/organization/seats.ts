import { APIError } from "../errors.js";
import { planOf } from "../shared/audit-events.js";
import type { DB } from "../store/database.js";
import { countLiveInvitations } from "../store/invitation-store.js";
import { countMembers } from "../store/member-store.js";
import { findOrganizationById } from "../store/organization-store.js";

export interface SeatUsage {
  members: number;
  pendingInvitations: number;
  seatLimit: number;
}

export async function readSeatUsage(db: DB, organizationId: string, now: Date): Promise<SeatUsage> {
  const organization = await findOrganizationById(db, organizationId);
  return {
    members: await countMembers(db, organizationId),
    pendingInvitations: await countLiveInvitations(db, organizationId, now),
    seatLimit: planOf(organization?.plan).seatLimit,
  };
}

/**
 * A seat is a member or a live invitation; a new one is refused at the plan's limit
 * (403 SEAT_LIMIT_REACHED). Accepting an invitation fills the seat it already held, so the
 * caller names it in `filling` and it is not counted twice. Call it inside the transaction that
 * locked the organization, so two additions cannot both take the last seat.
 */
export async function assertSeatAvailable(db: DB, organizationId: string, now: Date, filling: "new-seat" | "invited-seat"): Promise<void> {
  const usage = await readSeatUsage(db, organizationId, now);
  const taken = usage.members + usage.pendingInvitations - (filling === "invited-seat" ? 1 : 0);
  if (taken >= usage.seatLimit) throw APIError.from(403, "SEAT_LIMIT_REACHED");
}
