import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { toWireUser } from "../../http/public-json.js";
import type { WireUser } from "../../shared/wire-types.js";
import { countUsers, isListableUserField, listUsers, type FilterOperator, type UserListQuery } from "../../store/user-list-store.js";

const FILTER_OPERATORS = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "not_in",
  "contains",
  "starts_with",
  "ends_with",
] as const satisfies readonly FilterOperator[];
const count = z.union([z.string().regex(/^\d{1,9}$/), z.number().int().min(0).max(1e9)]).optional();

const query = z.object({
  searchValue: z.string().max(256).optional(),
  searchField: z.enum(["email", "name"]).optional(),
  searchOperator: z.enum(["contains", "starts_with", "ends_with"]).optional(),
  limit: count,
  offset: count,
  sortBy: z.string().max(64).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  filterField: z.string().max(64).optional(),
  filterValue: z.union([z.string().max(256), z.number(), z.boolean(), z.array(z.string().max(256)).max(100), z.array(z.number()).max(100)]).optional(),
  filterOperator: z.enum(FILTER_OPERATORS).optional(),
});

export interface ListUsersResult {
  users: WireUser[];
  total: number;
  limit?: number;
  offset?: number;
}

/** A page when no limit is asked for: the plugin returns everyone, which no console wants. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** better-auth's admin list-users: search, one filter, sort, limit/offset, and the total. */
export const listUsersEndpoint = defineEndpoint({
  name: "listUsers",
  method: "GET",
  path: "/admin/list-users",
  query,
  session: "required",
  admin: { permissions: { user: ["list"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS" },
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query }): Promise<ListUsersResult> {
    const limit = query.limit === undefined ? undefined : Number(query.limit) || undefined;
    const offset = query.offset === undefined ? undefined : Number(query.offset) || undefined;
    const filterField = query.filterField ?? "email";
    const sortBy = query.sortBy;
    // Like the plugin: a field it cannot query answers an empty list, not an error.
    if ((query.filterValue !== undefined && !isListableUserField(filterField)) || (sortBy !== undefined && !isListableUserField(sortBy))) {
      return { users: [], total: 0 };
    }
    const criteria: Pick<UserListQuery, "search" | "filter"> = {
      ...(query.searchValue ? { search: { field: query.searchField ?? "email", operator: query.searchOperator ?? "contains", value: query.searchValue } } : {}),
      ...(query.filterValue !== undefined && isListableUserField(filterField)
        ? { filter: { field: filterField, operator: query.filterOperator ?? "eq", value: query.filterValue } }
        : {}),
    };
    const rows = await listUsers(ctx.db, {
      ...criteria,
      ...(sortBy !== undefined && isListableUserField(sortBy) ? { sort: { field: sortBy, direction: query.sortDirection ?? "asc" } } : {}),
      limit: Math.min(limit ?? DEFAULT_LIMIT, MAX_LIMIT),
      offset: offset ?? 0,
    });
    const total = await countUsers(ctx.db, criteria);
    return { users: rows.map(toWireUser), total, ...(limit !== undefined && { limit }), ...(offset !== undefined && { offset }) };
  },
});
