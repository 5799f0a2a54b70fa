import type { DB, NewScimUserRow, ScimTokenRow, ScimUserRow, ScimUserUpdate } from "./database.js";

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
