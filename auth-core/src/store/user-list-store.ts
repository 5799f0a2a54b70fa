import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database, DB, UserRow } from "./database.js";

/**
 * The admin's list of people: better-auth's list-users query (search, one filter,
 * sort, limit/offset) over known columns only. Text search ignores case on both databases.
 */

export const LISTABLE_USER_FIELDS = [
  "id",
  "name",
  "email",
  "emailVerified",
  "image",
  "role",
  "banned",
  "banReason",
  "banExpires",
  "createdAt",
  "updatedAt",
] as const;
export type ListableUserField = (typeof LISTABLE_USER_FIELDS)[number];

const FLAG_FIELDS: readonly ListableUserField[] = ["emailVerified", "banned"];

export type TextOperator = "contains" | "starts_with" | "ends_with";
export type FilterOperator = "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "in" | "not_in" | TextOperator;
type FilterValue = string | number | boolean | string[] | number[];

export interface UserListQuery {
  search?: { field: "email" | "name"; operator: TextOperator; value: string };
  filter?: { field: ListableUserField; operator: FilterOperator; value: FilterValue };
  sort?: { field: ListableUserField; direction: "asc" | "desc" };
  limit: number;
  offset: number;
}

export function isListableUserField(value: string): value is ListableUserField {
  return (LISTABLE_USER_FIELDS as readonly string[]).includes(value);
}

/** `%`, `_` and the escape character itself, escaped for LIKE … ESCAPE '\'. */
function likePattern(value: string, operator: TextOperator): string {
  const escaped = value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  if (operator === "starts_with") return `${escaped}%`;
  if (operator === "ends_with") return `%${escaped}`;
  return `%${escaped}%`;
}

type UserExpressions = ExpressionBuilder<Database, "user">;

function textMatch(field: ListableUserField, operator: TextOperator, value: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(`user.${field}`)}) like ${likePattern(value, operator)} escape '\\'`;
}

/** Flags are stored 0/1: true/"true" mean 1. */
function storedValue(field: ListableUserField, value: string | number | boolean): string | number {
  if (FLAG_FIELDS.includes(field)) return value === true || value === "true" || value === 1 || value === "1" ? 1 : 0;
  return typeof value === "boolean" ? String(value) : value;
}

function filterCondition(eb: UserExpressions, filter: NonNullable<UserListQuery["filter"]>): Expression<SqlBool> {
  const { field, operator, value } = filter;
  const ref = `user.${field}` as const;
  if (operator === "contains" || operator === "starts_with" || operator === "ends_with") {
    // Text operators apply to text columns only: a flag (an integer, which PostgreSQL's lower()
    // refuses) matches nobody, as a field the plugin cannot query answers an empty list.
    if (FLAG_FIELDS.includes(field)) return sql<SqlBool>`0 = 1`;
    return textMatch(field, operator, String(value));
  }
  if (operator === "in" || operator === "not_in") {
    const list = (Array.isArray(value) ? value : [value]).map((item) => storedValue(field, item));
    if (list.length === 0) return sql<SqlBool>`${operator === "in" ? sql.lit(0) : sql.lit(1)} = 1`;
    return eb(ref, operator === "in" ? "in" : "not in", list);
  }
  if (Array.isArray(value)) return sql<SqlBool>`0 = 1`;
  const stored = storedValue(field, value);
  // A role never set reads as "user" (better-auth's default role).
  if (field === "role" && (operator === "eq" || operator === "ne") && stored === "user") {
    return operator === "eq" ? eb.or([eb(ref, "=", stored), eb(ref, "is", null)]) : eb.and([eb(ref, "!=", stored), eb(ref, "is not", null)]);
  }
  const comparison = { eq: "=", ne: "!=", lt: "<", lte: "<=", gt: ">", gte: ">=" } as const;
  return eb(ref, comparison[operator], stored);
}

function whereOf(eb: UserExpressions, query: Pick<UserListQuery, "search" | "filter">): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (query.search) parts.push(textMatch(query.search.field, query.search.operator, query.search.value));
  if (query.filter) parts.push(filterCondition(eb, query.filter));
  return eb.and(parts);
}

export async function listUsers(db: DB, query: UserListQuery): Promise<UserRow[]> {
  const sort = query.sort ?? { field: "createdAt", direction: "desc" };
  return db
    .selectFrom("user")
    .selectAll()
    .where((eb) => whereOf(eb, query))
    .orderBy(`user.${sort.field}`, sort.direction)
    .orderBy("user.id", sort.direction)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

export async function countUsers(db: DB, query: Pick<UserListQuery, "search" | "filter">): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where((eb) => whereOf(eb, query))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
