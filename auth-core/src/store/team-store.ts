import type { DB, TeamMemberRow, TeamRow } from "./database.js";

export async function insertTeam(db: DB, row: TeamRow): Promise<TeamRow> {
  return db.insertInto("team").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findTeamById(db: DB, id: string): Promise<TeamRow | undefined> {
  return db.selectFrom("team").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function renameTeam(db: DB, id: string, name: string, now: Date): Promise<TeamRow | undefined> {
  return db.updateTable("team").set({ name, updatedAt: now.toISOString() }).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Its team members go with it (FK cascade). */
export async function deleteTeamById(db: DB, id: string): Promise<void> {
  await db.deleteFrom("team").where("id", "=", id).execute();
}

export async function listTeamsOfOrganization(db: DB, organizationId: string): Promise<TeamRow[]> {
  return db.selectFrom("team").selectAll().where("organizationId", "=", organizationId).orderBy("createdAt", "asc").orderBy("id", "asc").execute();
}

export async function countTeams(db: DB, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("team")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("organizationId", "=", organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Teams the user belongs to, across every organization. */
export async function listTeamsOfUser(db: DB, userId: string): Promise<TeamRow[]> {
  return db
    .selectFrom("team as t")
    .innerJoin("teamMember as tm", "tm.teamId", "t.id")
    .selectAll("t")
    .where("tm.userId", "=", userId)
    .orderBy("t.createdAt", "asc")
    .orderBy("t.id", "asc")
    .execute();
}

export async function findTeamMember(db: DB, teamId: string, userId: string): Promise<TeamMemberRow | undefined> {
  return db.selectFrom("teamMember").selectAll().where("teamId", "=", teamId).where("userId", "=", userId).executeTakeFirst();
}

export async function insertTeamMember(db: DB, row: TeamMemberRow): Promise<TeamMemberRow> {
  return db.insertInto("teamMember").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listTeamMembers(db: DB, teamId: string): Promise<TeamMemberRow[]> {
  return db.selectFrom("teamMember").selectAll().where("teamId", "=", teamId).orderBy("createdAt", "asc").orderBy("id", "asc").execute();
}

export async function countTeamMembers(db: DB, teamId: string): Promise<number> {
  const row = await db
    .selectFrom("teamMember")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("teamId", "=", teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteTeamMember(db: DB, teamId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom("teamMember").where("teamId", "=", teamId).where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A member who leaves an organization leaves its teams too. */
export async function deleteTeamMembershipsInOrganization(db: DB, organizationId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("teamMember")
    .where("userId", "=", userId)
    .where("teamId", "in", (eb) => eb.selectFrom("team").select("id").where("organizationId", "=", organizationId))
    .execute();
}
