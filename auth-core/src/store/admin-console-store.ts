import type { DB } from "./database.js";
import { countAdmins } from "./user-store.js";

/** What the operator's table shows beside each person, for one page of ids at a time. */
export interface SignInFacts {
  lastSignInAt: Map<string, string>;
  /** Provider ids of linked accounts ("credential" for a password) and "passkey". */
  methods: Map<string, string[]>;
}

export async function readSignInFacts(db: DB, userIds: readonly string[]): Promise<SignInFacts> {
  const lastSignInAt = new Map<string, string>();
  const methods = new Map<string, string[]>();
  if (userIds.length === 0) return { lastSignInAt, methods };
  const ids = [...userIds];
  const last = await db
    .selectFrom("securityEvent")
    .select((eb) => ["userId", eb.fn.max("createdAt").as("at")])
    .where("type", "=", "sign-in")
    .where("outcome", "=", "success")
    .where("userId", "in", ids)
    .groupBy("userId")
    .execute();
  for (const row of last) if (row.userId && row.at) lastSignInAt.set(row.userId, String(row.at));
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
    admins: await countAdmins(db),
    banned: await count((q) => q.where("banned", "=", 1).where((eb) => eb.or([eb("banExpires", "is", null), eb("banExpires", ">", now.toISOString())]))),
  };
}
