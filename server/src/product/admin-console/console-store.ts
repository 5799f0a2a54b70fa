import type { Database } from "@gatehouse/auth-core";
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from "kysely";
import type { DB } from "../db.js";

type UserRow = Selectable<Database["user"]>;

/** What the operator's table shows beside each person, for one page of ids at a time. */
export interface SignInFacts {
  lastSignInAt: Map<string, string>;
  /** Provider ids of linked accounts ("credential" for a password) and "passkey". */
  methods: Map<string, string[]>;
}

export async function readSignInFacts(db: DB, userIds: readonly string[]): Promise<SignInFacts> {
  const methods = new Map<string, string[]>();
  if (userIds.length === 0) return { lastSignInAt: new Map(), methods };
  const ids = [...userIds];
  const lastSignInAt = await readLastSignIns(db, ids);
  const add = (userId: string, method: string): void => {
    const list = methods.get(userId) ?? [];
    if (!list.includes(method)) list.push(method);
    methods.set(userId, list);
  };
  const accounts = await db.selectFrom("account").select(["userId", "providerId"]).where("userId", "in", ids).orderBy("providerId").execute();
  for (const row of accounts) add(row.userId, row.providerId);
  const passkeys = await db.selectFrom("passkey").select("userId").distinct().where("userId", "in", ids).execute();
  for (const row of passkeys) add(row.userId, "passkey");
  return { lastSignInAt, methods };
}

/** Each person's last successful sign-in (ISO time), for the people named. */
export async function readLastSignIns(db: DB, userIds: string[]): Promise<Map<string, string>> {
  const lastSignInAt = new Map<string, string>();
  const last = await db
    .selectFrom("securityEvent")
    .select((eb) => ["userId", eb.fn.max("createdAt").as("at")])
    .where("type", "=", "sign-in")
    .where("outcome", "=", "success")
    .where("userId", "in", userIds)
    .groupBy("userId")
    .execute();
  for (const row of last) if (row.userId && row.at) lastSignInAt.set(row.userId, String(row.at));
  return lastSignInAt;
}

/**
 * One person's sign-in methods from their accounts' provider ids and whether they hold a
 * passkey, as readSignInFacts lists them: the provider ids in order (the databases' byte order,
 * as its ORDER BY), once each, then "passkey".
 */
export function signInMethodsOf(providerIds: readonly string[], hasPasskey: boolean): string[] {
  const methods = [...new Set(providerIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (hasPasskey) methods.push("passkey");
  return methods;
}

export interface MembershipRow {
  organizationId: string;
  name: string;
  slug: string;
  role: string;
  createdAt: string;
}

export async function listMembershipsOfUser(db: DB, userId: string): Promise<MembershipRow[]> {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["member.organizationId", "organization.name", "organization.slug", "member.role", "member.createdAt"])
    .where("member.userId", "=", userId)
    .orderBy("organization.name")
    .execute();
}

export interface InstallationCounts {
  people: number;
  newSince: number;
  admins: number;
  banned: number;
}

export async function countPeople(db: DB, since: Date, now: Date): Promise<InstallationCounts> {
  const count = async (where: (query: ReturnType<typeof base>) => ReturnType<typeof base>): Promise<number> =>
    Number((await where(base()).executeTakeFirstOrThrow()).n);
  const base = () => db.selectFrom("user").select((eb) => eb.fn.countAll<string | number>().as("n"));
  return {
    people: await count((q) => q),
    newSince: await count((q) => q.where("createdAt", ">=", since.toISOString())),
    // Holds the admin role among comma-separated roles ("admin", "user,admin").
    admins: await count((q) => q.where(sql<boolean>`(',' || ${sql.ref("role")} || ',') like ${"%,admin,%"}`)),
    banned: await count((q) => q.where("banned", "=", 1).where((eb) => eb.or([eb("banExpires", "is", null), eb("banExpires", ">", now.toISOString())]))),
  };
}

/** The console's list: a name or address search, one of its filters; newest first. */
export interface ConsoleUserCriteria {
  search?: { field: "email" | "name"; value: string };
  filter?: "admins" | "banned" | "unverified";
}

/** `%`, `_` and the escape character itself, escaped for LIKE … ESCAPE '\'. */
function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function contains(column: "email" | "name" | "role", value: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(`user.${column}`)}) like ${containsPattern(value)} escape '\\'`;
}

function criteriaCondition(eb: ExpressionBuilder<Database, "user">, criteria: ConsoleUserCriteria): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (criteria.search) parts.push(contains(criteria.search.field, criteria.search.value));
  if (criteria.filter === "admins") parts.push(contains("role", "admin"));
  if (criteria.filter === "banned") parts.push(eb("user.banned", "=", 1));
  if (criteria.filter === "unverified") parts.push(eb("user.emailVerified", "=", 0));
  return eb.and(parts);
}

export async function listConsoleUsers(db: DB, criteria: ConsoleUserCriteria, page: { limit: number; offset: number }): Promise<UserRow[]> {
  return db
    .selectFrom("user")
    .selectAll()
    .where((eb) => criteriaCondition(eb, criteria))
    .orderBy("user.createdAt", "desc")
    .orderBy("user.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countConsoleUsers(db: DB, criteria: ConsoleUserCriteria): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where((eb) => criteriaCondition(eb, criteria))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the person's page shows: the user, their live sessions, accounts, passkeys. */
export async function findUserById(db: DB, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findLiveSessionsOfUser(db: DB, userId: string, now: Date): Promise<Array<Selectable<Database["session"]>>> {
  return db.selectFrom("session").selectAll().where("userId", "=", userId).where("expiresAt", ">", now.toISOString()).orderBy("createdAt", "desc").execute();
}

export async function findAccountsOfUser(db: DB, userId: string): Promise<Array<Selectable<Database["account"]>>> {
  return db.selectFrom("account").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
}

export async function findPasskeysOfUser(db: DB, userId: string): Promise<Array<Selectable<Database["passkey"]>>> {
  return db.selectFrom("passkey").selectAll().where("userId", "=", userId).orderBy("createdAt").orderBy("id").execute();
}
