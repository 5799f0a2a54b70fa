import type { DB, InvitationRow } from "./database.js";

export type InvitationStatus = "pending" | "accepted" | "rejected" | "canceled";

export interface InvitationWithOrganizationRow {
  invitation: InvitationRow;
  organizationName: string;
  organizationSlug: string;
}

export async function insertInvitation(db: DB, row: InvitationRow): Promise<InvitationRow> {
  return db.insertInto("invitation").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findInvitationById(db: DB, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom("invitation").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The live (pending, unexpired) invitation of this email to this organization, if any. */
export async function findLiveInvitation(db: DB, organizationId: string, email: string, now: Date): Promise<InvitationRow | undefined> {
  return db
    .selectFrom("invitation")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("email", "=", email)
    .where("status", "=", "pending")
    .where("expiresAt", ">", now.toISOString())
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

export async function countLiveInvitations(db: DB, organizationId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("invitation")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("organizationId", "=", organizationId)
    .where("status", "=", "pending")
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listInvitationsOfOrganization(db: DB, organizationId: string): Promise<InvitationRow[]> {
  return db.selectFrom("invitation").selectAll().where("organizationId", "=", organizationId).orderBy("createdAt", "desc").orderBy("id", "asc").execute();
}

/** Live invitations addressed to an email, with the inviting organization's name. */
export async function listLiveInvitationsForEmail(db: DB, email: string, now: Date): Promise<InvitationWithOrganizationRow[]> {
  const rows = await db
    .selectFrom("invitation as i")
    .innerJoin("organization as o", "o.id", "i.organizationId")
    .selectAll("i")
    .select(["o.name as organizationName", "o.slug as organizationSlug"])
    .where("i.email", "=", email)
    .where("i.status", "=", "pending")
    .where("i.expiresAt", ">", now.toISOString())
    .orderBy("i.createdAt", "desc")
    .execute();
  return rows.map(({ organizationName, organizationSlug, ...invitation }) => ({ invitation, organizationName, organizationSlug }));
}

/**
 * Moves a live invitation out of "pending" in one conditional update: of two concurrent
 * accepts (or an accept racing a cancel) exactly one gets the row back.
 */
export async function closeLiveInvitation(db: DB, id: string, status: Exclude<InvitationStatus, "pending">, now: Date): Promise<InvitationRow | undefined> {
  return db
    .updateTable("invitation")
    .set({ status })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("expiresAt", ">", now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

/** Cancelling needs no expiry check: an expired pending invitation may still be tidied away. */
export async function cancelPendingInvitation(db: DB, id: string): Promise<InvitationRow | undefined> {
  return db.updateTable("invitation").set({ status: "canceled" }).where("id", "=", id).where("status", "=", "pending").returningAll().executeTakeFirst();
}

/** Cancels every pending invitation the user sent; answers how many. */
export async function cancelPendingInvitationsSentBy(db: DB, inviterId: string): Promise<number> {
  const result = await db
    .updateTable("invitation")
    .set({ status: "canceled" })
    .where("inviterId", "=", inviterId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function extendInvitation(db: DB, id: string, expiresAt: Date): Promise<InvitationRow | undefined> {
  return db.updateTable("invitation").set({ expiresAt: expiresAt.toISOString() }).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteInvitationById(db: DB, id: string): Promise<void> {
  await db.deleteFrom("invitation").where("id", "=", id).execute();
}
