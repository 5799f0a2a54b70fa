import type { SeatHolder } from "@gatehouse/auth-core";
import { planOf } from "../../shared/plans.js";
import type { DB } from "../db.js";
import { countLiveInvitations, countMembers, findOrganizationById } from "../organization-store.js";

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
 * auth-core's `organization.seatLimit` hook: an organization's seats are its plan's (an unknown
 * or missing plan is the free one). auth-core asks it inside the transaction that locked the
 * organization, at an invitation and at an acceptance, and refuses past it (403 SEAT_LIMIT_REACHED).
 */
export async function planSeatLimit(organization: SeatHolder): Promise<number> {
  return planOf(organization.plan).seatLimit;
}
