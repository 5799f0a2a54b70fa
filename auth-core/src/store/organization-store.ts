import type { DB, OrganizationRow } from "./database.js";

export interface NewOrganization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  /** A plan id (the server's product: server/src/shared/plans.ts); new organizations start on "free". */
  plan?: string;
  createdAt: string;
}

export interface OrganizationUpdate {
  name?: string;
  slug?: string;
  logo?: string | null;
  metadata?: string | null;
  requireTwoFactor?: number;
}

export async function insertOrganization(db: DB, row: NewOrganization): Promise<OrganizationRow> {
  return db
    .insertInto("organization")
    .values({ ...row, plan: row.plan ?? "free" })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findOrganizationById(db: DB, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom("organization").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findOrganizationBySlug(db: DB, slug: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom("organization").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export async function updateOrganization(db: DB, id: string, update: OrganizationUpdate): Promise<OrganizationRow | undefined> {
  if (Object.keys(update).length === 0) return findOrganizationById(db, id);
  return db.updateTable("organization").set(update).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Members, invitations and teams (and through teams, team members) go with it: FKs cascade. */
export async function deleteOrganizationById(db: DB, id: string): Promise<OrganizationRow | undefined> {
  return db.deleteFrom("organization").where("id", "=", id).returningAll().executeTakeFirst();
}

/** The organizations a user is a member of, oldest first. */
export async function listOrganizationsOfUser(db: DB, userId: string): Promise<OrganizationRow[]> {
  return db
    .selectFrom("organization as o")
    .innerJoin("member as m", "m.organizationId", "o.id")
    .selectAll("o")
    .where("m.userId", "=", userId)
    .orderBy("o.createdAt", "asc")
    .orderBy("o.id", "asc")
    .execute();
}

/**
 * Serializes membership changes of one organization: a no-op update takes the row lock on
 * PostgreSQL (SQLite serializes writers anyway), so two owners cannot demote each other at once
 * and leave the organization ownerless.
 */
export async function lockOrganization(db: DB, id: string): Promise<boolean> {
  const result = await db
    .updateTable("organization")
    .set((eb) => ({ slug: eb.ref("slug") }))
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The session's active organization; the active team is reset with it. The choice is remembered
 * on the person's membership: their next session starts in it.
 */
export async function setSessionActiveOrganization(db: DB, sessionId: string, organizationId: string | null, now: Date): Promise<void> {
  await db
    .updateTable("session")
    .set({ activeOrganizationId: organizationId, activeTeamId: null, updatedAt: now.toISOString() })
    .where("id", "=", sessionId)
    .execute();
  if (organizationId === null) return;
  await db
    .updateTable("member")
    .set({ lastActiveAt: now.toISOString() })
    .where("organizationId", "=", organizationId)
    .where("userId", "=", (eb) => eb.selectFrom("session").select("userId").where("id", "=", sessionId))
    .execute();
}

export async function setSessionActiveTeam(db: DB, sessionId: string, teamId: string | null, now: Date): Promise<void> {
  await db.updateTable("session").set({ activeTeamId: teamId, updatedAt: now.toISOString() }).where("id", "=", sessionId).execute();
}

/** Sessions (all, or one user's) that point at an organization the user may no longer see. */
export async function clearActiveOrganization(db: DB, organizationId: string, userId?: string): Promise<void> {
  let query = db.updateTable("session").set({ activeOrganizationId: null, activeTeamId: null }).where("activeOrganizationId", "=", organizationId);
  if (userId !== undefined) query = query.where("userId", "=", userId);
  await query.execute();
}

export async function clearActiveTeam(db: DB, teamId: string, userId?: string): Promise<void> {
  let query = db.updateTable("session").set({ activeTeamId: null }).where("activeTeamId", "=", teamId);
  if (userId !== undefined) query = query.where("userId", "=", userId);
  await query.execute();
}
