import type { DB, MemberRow, NewMemberRow } from "./database.js";

interface MemberUserRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export interface MemberWithUserRow {
  member: MemberRow;
  user: MemberUserRow;
}

export async function insertMember(db: DB, row: NewMemberRow): Promise<MemberRow> {
  return db.insertInto("member").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findMember(db: DB, organizationId: string, userId: string): Promise<MemberRow | undefined> {
  return db.selectFrom("member").selectAll().where("organizationId", "=", organizationId).where("userId", "=", userId).executeTakeFirst();
}

/**
 * The membership with its organization's two-factor rule (`requireTwoFactor`), in one read: what
 * every call acting inside an organization checks first (organization/guards.ts).
 */
export async function findMemberWithRule(db: DB, organizationId: string, userId: string): Promise<(MemberRow & { requireTwoFactor: number }) | undefined> {
  return db
    .selectFrom("member as m")
    .innerJoin("organization as o", "o.id", "m.organizationId")
    .select(["m.id", "m.organizationId", "m.userId", "m.role", "m.createdAt", "m.lastActiveAt", "o.requireTwoFactor"])
    .where("m.organizationId", "=", organizationId)
    .where("m.userId", "=", userId)
    .executeTakeFirst();
}

export async function findMemberById(db: DB, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom("member").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Emails are stored lowercased; callers pass a lowercased address. */
export async function findMemberByEmail(db: DB, organizationId: string, email: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom("member as m")
    .innerJoin("user as u", "u.id", "m.userId")
    .selectAll("m")
    .where("m.organizationId", "=", organizationId)
    .where("u.email", "=", email)
    .executeTakeFirst();
}

export async function findMemberWithUser(db: DB, organizationId: string, userId: string): Promise<MemberWithUserRow | undefined> {
  const rows = await selectMembersWithUsers(db, organizationId).where("m.userId", "=", userId).execute();
  return rows.map(splitMemberRow)[0];
}

export interface MemberPage {
  limit: number;
  offset: number;
  direction: "asc" | "desc";
}

/**
 * The organization's members with their people, oldest first (or newest), a page of them when
 * `page` is given. A page is cut from the member rows alone (an index range of
 * member_organizationId_createdAt_idx plus the offset) and only its rows are joined to their
 * people: joining first would read a person for every member the offset skips.
 */
export async function listMembersWithUsers(db: DB, organizationId: string, page?: MemberPage): Promise<MemberWithUserRow[]> {
  const direction = page?.direction ?? "asc";
  if (!page) return (await selectMembersWithUsers(db, organizationId).orderBy("m.createdAt", direction).orderBy("m.id", "asc").execute()).map(splitMemberRow);
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("member")
        .select(["id", "organizationId", "userId", "role", "createdAt", "lastActiveAt"])
        .where("organizationId", "=", organizationId)
        .orderBy("createdAt", direction)
        .orderBy("id", "asc")
        .limit(page.limit)
        .offset(page.offset)
        .as("m"),
    )
    .innerJoin("user as u", "u.id", "m.userId")
    .select(MEMBER_WITH_USER_COLUMNS)
    .orderBy("m.createdAt", direction)
    .orderBy("m.id", "asc")
    .execute();
  return rows.map(splitMemberRow);
}

export async function countMembers(db: DB, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("organizationId", "=", organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every member's role string in an organization: the last-owner rule counts owners from it. */
export async function listMemberRoles(db: DB, organizationId: string): Promise<Array<{ id: string; role: string }>> {
  return db.selectFrom("member").select(["id", "role"]).where("organizationId", "=", organizationId).execute();
}

/** The person's memberships (organization and role), in organization id order. */
export async function listMembershipsOfUser(db: DB, userId: string): Promise<Array<{ organizationId: string; role: string }>> {
  return db.selectFrom("member").select(["organizationId", "role"]).where("userId", "=", userId).orderBy("organizationId").execute();
}

export async function countMembershipsOfUser(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateMemberRole(db: DB, id: string, role: string): Promise<MemberRow | undefined> {
  return db.updateTable("member").set({ role }).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteMemberById(db: DB, id: string): Promise<MemberRow | undefined> {
  return db.deleteFrom("member").where("id", "=", id).returningAll().executeTakeFirst();
}

function selectMembersWithUsers(db: DB, organizationId: string) {
  return db
    .selectFrom("member as m")
    .innerJoin("user as u", "u.id", "m.userId")
    .select(MEMBER_WITH_USER_COLUMNS)
    .where("m.organizationId", "=", organizationId);
}

const MEMBER_WITH_USER_COLUMNS = [
  "m.id as id",
  "m.organizationId as organizationId",
  "m.userId as userId",
  "m.role as role",
  "m.createdAt as createdAt",
  "m.lastActiveAt as lastActiveAt",
  "u.name as userName",
  "u.email as userEmail",
  "u.image as userImage",
] as const;

interface JoinedMemberRow extends MemberRow {
  userName: string;
  userEmail: string;
  userImage: string | null;
}

function splitMemberRow(row: JoinedMemberRow): MemberWithUserRow {
  return {
    member: { id: row.id, organizationId: row.organizationId, userId: row.userId, role: row.role, createdAt: row.createdAt, lastActiveAt: row.lastActiveAt },
    user: { id: row.userId, name: row.userName, email: row.userEmail, image: row.userImage },
  };
}

/**
 * The organization a new session of `userId` starts in: the membership last made
 * active, else the newest. A membership that is gone (left, removed, organization deleted) has no
 * row, so it is never chosen.
 */
export async function findRememberedOrganizationId(db: DB, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("member")
    .select("organizationId")
    .where("userId", "=", userId)
    .orderBy((eb) => eb.fn.coalesce("lastActiveAt", eb.val("")), "desc")
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.organizationId ?? null;
}
