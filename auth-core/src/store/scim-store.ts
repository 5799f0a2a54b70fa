import type { DB, NewScimUserRow, ScimGroupRow, ScimTokenRow, ScimUserRow, ScimUserUpdate, TeamRow } from "./database.js";

export async function insertScimToken(db: DB, row: Omit<ScimTokenRow, "lastUsedAt">): Promise<void> {
  await db.insertInto("scimToken").values(row).execute();
}

export async function findScimTokenByHash(db: DB, tokenHash: string): Promise<ScimTokenRow | undefined> {
  return db.selectFrom("scimToken").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
}

export async function touchScimToken(db: DB, id: string, now: Date): Promise<void> {
  await db.updateTable("scimToken").set({ lastUsedAt: now.toISOString() }).where("id", "=", id).execute();
}

export async function insertScimUser(db: DB, row: NewScimUserRow): Promise<ScimUserRow> {
  return db.insertInto("scimUser").values(row).returningAll().executeTakeFirstOrThrow();
}

/** A provisioned person, only within the organization (a token never reaches another's). */
export async function findScimUser(db: DB, organizationId: string, id: string): Promise<ScimUserRow | undefined> {
  return db.selectFrom("scimUser").selectAll().where("organizationId", "=", organizationId).where("id", "=", id).executeTakeFirst();
}

export async function findScimUserByUserName(db: DB, organizationId: string, userName: string): Promise<ScimUserRow | undefined> {
  return db.selectFrom("scimUser").selectAll().where("organizationId", "=", organizationId).where("userName", "=", userName).executeTakeFirst();
}

export async function findScimUserByUserId(db: DB, organizationId: string, userId: string): Promise<ScimUserRow | undefined> {
  return db.selectFrom("scimUser").selectAll().where("organizationId", "=", organizationId).where("userId", "=", userId).executeTakeFirst();
}

export interface ScimUserFilter {
  attribute: "userName" | "externalId" | "id";
  value: string;
}

/** A page of the organization's provisioned people (startIndex is 1-based, as SCIM counts). */
export async function listScimUsers(
  db: DB,
  organizationId: string,
  input: { filter: ScimUserFilter | null; startIndex: number; count: number },
): Promise<{ total: number; rows: ScimUserRow[] }> {
  let query = db.selectFrom("scimUser").where("organizationId", "=", organizationId);
  if (input.filter) query = query.where(input.filter.attribute, "=", input.filter.value);
  const counted = await query.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy("createdAt")
    .orderBy("id")
    .limit(input.count)
    .offset(input.startIndex - 1)
    .execute();
  return { total: Number(counted.n), rows };
}

export async function updateScimUser(db: DB, organizationId: string, id: string, update: ScimUserUpdate): Promise<ScimUserRow | undefined> {
  return db.updateTable("scimUser").set(update).where("organizationId", "=", organizationId).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteScimUser(db: DB, organizationId: string, id: string): Promise<ScimUserRow | undefined> {
  return db.deleteFrom("scimUser").where("organizationId", "=", organizationId).where("id", "=", id).returningAll().executeTakeFirst();
}

/** A directory's group: its team and the SCIM record, within the organization only. */
export interface ScimGroupWithTeam {
  group: ScimGroupRow;
  team: TeamRow;
}

function selectGroups(db: DB, organizationId: string) {
  return db
    .selectFrom("scimGroup as g")
    .innerJoin("team as t", "t.id", "g.teamId")
    .select(["g.teamId", "g.organizationId", "g.externalId", "g.createdAt", "t.name", "t.updatedAt as teamUpdatedAt", "t.createdAt as teamCreatedAt"])
    .where("g.organizationId", "=", organizationId);
}

type JoinedGroup = Awaited<ReturnType<ReturnType<typeof selectGroups>["execute"]>>[number];

function splitGroup(row: JoinedGroup): ScimGroupWithTeam {
  return {
    group: { teamId: row.teamId, organizationId: row.organizationId, externalId: row.externalId, createdAt: row.createdAt },
    team: { id: row.teamId, organizationId: row.organizationId, name: row.name, createdAt: row.teamCreatedAt, updatedAt: row.teamUpdatedAt },
  };
}

export async function insertScimGroup(db: DB, row: ScimGroupRow): Promise<void> {
  await db.insertInto("scimGroup").values(row).execute();
}

export async function findScimGroup(db: DB, organizationId: string, teamId: string): Promise<ScimGroupWithTeam | undefined> {
  const row = await selectGroups(db, organizationId).where("g.teamId", "=", teamId).executeTakeFirst();
  return row ? splitGroup(row) : undefined;
}

export async function listScimGroups(
  db: DB,
  organizationId: string,
  input: { filter: { attribute: "displayName" | "externalId" | "id"; value: string } | null; startIndex: number; count: number },
): Promise<{ total: number; rows: ScimGroupWithTeam[] }> {
  let query = selectGroups(db, organizationId);
  if (input.filter) {
    const column = input.filter.attribute === "displayName" ? "t.name" : input.filter.attribute === "externalId" ? "g.externalId" : "g.teamId";
    query = query.where(column, "=", input.filter.value);
  }
  const rows = (await query.orderBy("g.createdAt").orderBy("g.teamId").execute()).map(splitGroup);
  return { total: rows.length, rows: rows.slice(input.startIndex - 1, input.startIndex - 1 + input.count) };
}

export async function setScimGroupExternalId(db: DB, teamId: string, externalId: string | null): Promise<void> {
  await db.updateTable("scimGroup").set({ externalId }).where("teamId", "=", teamId).execute();
}

/** The provisioned people among a team's members: their SCIM ids and userNames. */
export async function listScimMembersOfTeam(db: DB, organizationId: string, teamId: string): Promise<Array<{ id: string; userName: string; userId: string }>> {
  return db
    .selectFrom("teamMember as tm")
    .innerJoin("scimUser as u", (join) => join.onRef("u.userId", "=", "tm.userId").on("u.organizationId", "=", organizationId))
    .select(["u.id", "u.userName", "u.userId"])
    .where("tm.teamId", "=", teamId)
    .orderBy("u.userName")
    .execute();
}

/** The organization's provisioning tokens (no hashes), newest first. */
export async function listScimTokens(db: DB, organizationId: string): Promise<Array<Omit<ScimTokenRow, "tokenHash">>> {
  return db
    .selectFrom("scimToken")
    .select(["id", "organizationId", "createdBy", "lastUsedAt", "createdAt"])
    .where("organizationId", "=", organizationId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
}

export async function deleteScimToken(db: DB, organizationId: string, id: string): Promise<boolean> {
  const rows = await db.deleteFrom("scimToken").where("organizationId", "=", organizationId).where("id", "=", id).returning("id").execute();
  return rows.length > 0;
}
