import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { AuditEventType, AuditOutcome, Database } from "@gatehouse/auth-core";
import type { DB } from "../db.js";

/**
 * Queries of the audit log. One query per question, the same SQL on SQLite and
 * PostgreSQL: times are ISO-8601 text, so a day is its first ten characters and ranges compare
 * as text; paging is keyset on (createdAt, id), newest first.
 */

/** Whose events: one person's, or an organization's (its own rows and its members' personal ones). */
export type AuditScope = { kind: "user"; userId: string } | { kind: "organization"; organizationId: string } | { kind: "installation" };

export interface AuditFilter {
  scope: AuditScope;
  types?: readonly AuditEventType[];
  outcome?: AuditOutcome;
  method?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export interface AuditPosition {
  createdAt: string;
  id: string;
}

export interface AuditEventRecord {
  id: string;
  type: AuditEventType;
  outcome: AuditOutcome;
  method: string | null;
  organizationId: string | null;
  organizationName: string | null;
  userId: string | null;
  targetUserId: string | null;
  userName: string | null;
  userEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: string | null;
  createdAt: string;
}

type EventExpressions = ExpressionBuilder<Database, "securityEvent">;

/**
 * An organization's log: rows that name it, and the personal rows (sign-ins, password changes)
 * of its current members written since they joined. Rows of another organization stay out.
 */
function scopeCondition(eb: EventExpressions, scope: AuditScope): Expression<SqlBool> {
  // A person's log also holds what an admin did to their account.
  if (scope.kind === "user") return eb.or([eb("securityEvent.userId", "=", scope.userId), eb("securityEvent.targetUserId", "=", scope.userId)]);
  // An operator's counts over every row.
  if (scope.kind === "installation") return eb.and([]);
  return eb.or([
    eb("securityEvent.organizationId", "=", scope.organizationId),
    eb.and([
      eb("securityEvent.organizationId", "is", null),
      // An operator's actions on other people are not their organization's business.
      eb("securityEvent.targetUserId", "is", null),
      eb.exists(
        eb
          .selectFrom("member")
          .select("member.id")
          .where("member.organizationId", "=", scope.organizationId)
          .whereRef("member.userId", "=", "securityEvent.userId")
          .whereRef("member.createdAt", "<=", "securityEvent.createdAt"),
      ),
    ]),
  ]);
}

function filterCondition(eb: EventExpressions, filter: AuditFilter): Expression<SqlBool> {
  return eb.and([scopeCondition(eb, filter.scope), narrowingCondition(eb, filter)]);
}

/** Everything but the scope: kinds, outcome, method, time range. */
function narrowingCondition(eb: EventExpressions, filter: AuditFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (filter.types && filter.types.length > 0) parts.push(eb("securityEvent.type", "in", [...filter.types]));
  if (filter.outcome) parts.push(eb("securityEvent.outcome", "=", filter.outcome));
  if (filter.method) parts.push(eb("securityEvent.method", "=", filter.method));
  if (filter.from) parts.push(eb("securityEvent.createdAt", ">=", filter.from.toISOString()));
  if (filter.to) parts.push(eb("securityEvent.createdAt", "<", filter.to.toISOString()));
  return eb.and(parts);
}

/** The columns of a row that a page reads from the log, named one by one. */
const ROW_COLUMNS = [
  "securityEvent.id",
  "securityEvent.type",
  "securityEvent.outcome",
  "securityEvent.method",
  "securityEvent.organizationId",
  "securityEvent.userId",
  "securityEvent.targetUserId",
  "securityEvent.ipAddress",
  "securityEvent.userAgent",
  "securityEvent.detail",
  "securityEvent.createdAt",
] as const;

/**
 * Strictly after `after` in the log's order (newest first): a row comparison, which both
 * databases read as the range `createdAt <= after.createdAt` of whichever index they walk, where
 * the spelled-out OR (`createdAt < x or (createdAt = x and id < y)`) made them start from the
 * newest row every page.
 */
function keysetCondition(eb: EventExpressions, after: AuditPosition): Expression<SqlBool> {
  return eb(eb.refTuple("securityEvent.createdAt", "securityEvent.id"), "<", eb.tuple(after.createdAt, after.id));
}

type EventRows = SelectQueryBuilder<Database, "securityEvent", object>;

/**
 * A person's newest `limit` rows where they act, or where they are the target of an operator's
 * action (and do not act: that row is in the first half already): one index range each, on
 * (userId, createdAt) or (targetUserId, createdAt), from the cursor's position.
 */
function personHalf(db: DB, column: "userId" | "targetUserId", userId: string, filter: AuditFilter, after: AuditPosition | null, limit: number) {
  return db
    .selectFrom("securityEvent")
    .select(ROW_COLUMNS)
    .where(`securityEvent.${column}`, "=", userId)
    .$if(column === "targetUserId", (query) => query.where((eb) => eb.or([eb("securityEvent.userId", "is", null), eb("securityEvent.userId", "!=", userId)])))
    .where((eb) => narrowingCondition(eb, filter))
    .$if(after !== null, (query) => query.where((eb) => keysetCondition(eb, after!)))
    .orderBy("securityEvent.createdAt", "desc")
    .orderBy("securityEvent.id", "desc")
    .limit(limit);
}

/**
 * The rows a page is drawn from, named `securityEvent`. A person's: the two halves of their scope
 * merged (UNION ALL of two index ranges, each cut at `limit`), the same SQL on both databases; an
 * OR of the two columns instead made SQLite walk the whole log by time and PostgreSQL fetch and
 * sort every row of the person's. An organization's and the installation's: the log itself,
 * filtered, from the cursor's position.
 */
function rowsOf(db: DB, filter: AuditFilter, after: AuditPosition | null, limit: number): EventRows {
  const { scope } = filter;
  if (scope.kind === "user") {
    const mine = personHalf(db, "userId", scope.userId, filter, after, limit);
    const aboutThem = personHalf(db, "targetUserId", scope.userId, filter, after, limit);
    const merged = db.selectFrom((eb) =>
      eb
        .selectFrom(mine.as("mine"))
        .selectAll()
        .unionAll(eb.selectFrom(aboutThem.as("aboutThem")).selectAll())
        .as("securityEvent"),
    );
    // The merged rows have the log's columns under the log's name: the page reads them as it would the table.
    return merged as unknown as EventRows;
  }
  return db
    .selectFrom("securityEvent")
    .where((eb) => filterCondition(eb, filter))
    .$if(after !== null, (query) => query.where((eb) => keysetCondition(eb, after!)));
}

/** One page, newest first, strictly after `after` when given. Ask for one more to learn if more follow. */
export async function listAuditEvents(db: DB, filter: AuditFilter, page: { after: AuditPosition | null; limit: number }): Promise<AuditEventRecord[]> {
  return rowsOf(db, filter, page.after, page.limit)
    .leftJoin("user", "user.id", "securityEvent.userId")
    .leftJoin("organization", "organization.id", "securityEvent.organizationId")
    .select([
      "securityEvent.id",
      "securityEvent.type",
      "securityEvent.outcome",
      "securityEvent.method",
      "securityEvent.organizationId",
      "organization.name as organizationName",
      "securityEvent.userId",
      "securityEvent.targetUserId",
      "user.name as userName",
      "user.email as userEmail",
      "securityEvent.ipAddress",
      "securityEvent.userAgent",
      "securityEvent.detail",
      "securityEvent.createdAt",
    ])
    .orderBy("securityEvent.createdAt", "desc")
    .orderBy("securityEvent.id", "desc")
    .limit(page.limit)
    .execute();
}

export interface AuditCountRow {
  /** YYYY-MM-DD (UTC). */
  day: string;
  type: AuditEventType;
  outcome: AuditOutcome;
  method: string | null;
  count: number;
}

/**
 * The UTC day of a row: its time's first ten characters. Literals, not parameters, so that
 * PostgreSQL sees the same expression in SELECT and GROUP BY.
 */
function utcDay(): RawBuilder<string> {
  return sql<string>`substr(${sql.ref("securityEvent.createdAt")}, ${sql.lit(1)}, ${sql.lit(10)})`;
}

/**
 * Counts per UTC day, kind, outcome and method, in SQL. A person's: one GROUP BY on
 * (userId, createdAt). An organization's: the same GROUP BY twice, over the rows that name it
 * (organizationId, createdAt) and over its members' personal rows reached through a join on
 * member (userId, createdAt); an OR of both in one query makes both databases scan the range.
 * The two never overlap (one has organizationId set, the other null); the caller adds them up.
 */
export async function countAuditEventsByDay(db: DB, filter: AuditFilter): Promise<AuditCountRow[]> {
  if (filter.scope.kind !== "organization") return groupByDay(db.selectFrom("securityEvent").where((eb) => filterCondition(eb, filter)));
  const organizationId = filter.scope.organizationId;
  const own = await groupByDay(
    db
      .selectFrom("securityEvent")
      .where("securityEvent.organizationId", "=", organizationId)
      .where((eb) => narrowingCondition(eb, filter)),
  );
  const members = await groupByDay(
    db
      .selectFrom("securityEvent")
      .innerJoin("member", (join) =>
        join
          .onRef("member.userId", "=", "securityEvent.userId")
          .on("member.organizationId", "=", organizationId)
          .onRef("member.createdAt", "<=", "securityEvent.createdAt"),
      )
      .where("securityEvent.organizationId", "is", null)
      .where("securityEvent.targetUserId", "is", null)
      .where((eb) => narrowingCondition(eb, filter)),
  );
  return [...own, ...members];
}

type EventQuery = SelectQueryBuilder<Database, "securityEvent" | "member", object> | SelectQueryBuilder<Database, "securityEvent", object>;

async function groupByDay(query: EventQuery): Promise<AuditCountRow[]> {
  const rows = await (query as SelectQueryBuilder<Database, "securityEvent", object>)
    .select((eb) => [utcDay().as("day"), "securityEvent.type", "securityEvent.outcome", "securityEvent.method", eb.fn.countAll<string | number>().as("count")])
    .groupBy([utcDay(), "securityEvent.type", "securityEvent.outcome", "securityEvent.method"])
    .execute();
  return rows.map((row) => ({ day: row.day, type: row.type, outcome: row.outcome, method: row.method, count: Number(row.count) }));
}

export async function countAuditEvents(db: DB, filter: AuditFilter): Promise<number> {
  const row = await db
    .selectFrom("securityEvent")
    .where((eb) => filterCondition(eb, filter))
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the latest event matching the filter happened, or null (a person's: the newer of their two halves' newest rows). */
export async function findLatestAuditEventTime(db: DB, filter: AuditFilter): Promise<string | null> {
  const row = await rowsOf(db, filter, null, 1)
    .select("securityEvent.createdAt")
    .orderBy("securityEvent.createdAt", "desc")
    .orderBy("securityEvent.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt ?? null;
}

/**
 * What the dashboard counts beside the log: live sessions, passkeys, linked accounts. The accounts
 * are every sign-in method Settings lists under "Linked accounts", email and password included
 * (the dashboard and Settings once counted differently).
 */
export async function countAccountHoldings(db: DB, userId: string, now: Date): Promise<{ activeSessions: number; passkeys: number; linkedAccounts: number }> {
  const sessions = await db
    .selectFrom("session")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("userId", "=", userId)
    .where("expiresAt", ">", now.toISOString())
    // An admin's impersonation session is not the person's (list-sessions leaves it out too).
    .where("impersonatedBy", "is", null)
    .executeTakeFirstOrThrow();
  const passkeys = await db
    .selectFrom("passkey")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  const accounts = await db
    .selectFrom("account")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return { activeSessions: Number(sessions.n), passkeys: Number(passkeys.n), linkedAccounts: Number(accounts.n) };
}
