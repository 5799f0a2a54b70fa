import type { Database } from "@gatehouse/auth-core";
import type { Selectable } from "kysely";
import type { DB } from "./db.js";

/** The organization rows the product reads: the plan, the members, the live invitations. */
export type OrganizationRow = Selectable<Database["organization"]>;

export async function findOrganizationById(db: DB, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom("organization").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The person's membership of the organization: its role, or undefined for a non-member. */
export async function findMemberRole(db: DB, organizationId: string, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom("member").select("role").where("organizationId", "=", organizationId).where("userId", "=", userId).executeTakeFirst();
  return row?.role;
}

export async function countMembers(db: DB, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("organizationId", "=", organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/**
 * Takes the organization's row lock for the rest of the transaction (a no-op write, which
 * PostgreSQL locks and SQLite serializes): the lock auth-core's invitations and acceptances
 * take before they count seats, so a plan change and an addition never both pass.
 */
export async function lockOrganization(db: DB, id: string): Promise<void> {
  await db
    .updateTable("organization")
    .set((eb) => ({ slug: eb.ref("slug") }))
    .where("id", "=", id)
    .execute();
}

export async function setOrganizationPlan(db: DB, id: string, plan: string): Promise<OrganizationRow | undefined> {
  return db.updateTable("organization").set({ plan }).where("id", "=", id).returningAll().executeTakeFirst();
}
