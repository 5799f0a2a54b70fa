import type { z } from "zod";
import { SCIM_LIST_SCHEMA } from "../../scim/wire.js";
import { ScimError, scimResponse } from "../../scim-token/error.js";

/** The most resources one list answer holds, and what a list without `count` gets. */
const MAX_PAGE = 100;

/** A body read against its schema, refused with SCIM's 400 invalidValue naming the field. */
export function parseScim<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join(".") : "body";
  throw new ScimError(400, `${where}: ${issue?.message ?? "invalid"}`, "invalidValue");
}

/** An integer query parameter, at least `min`; `fallback` when absent or not an integer. */
function readCount(value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  return Number.isInteger(number) ? Math.max(min, number) : fallback;
}

export interface ScimListPage {
  /** 1-based, at least 1. */
  startIndex: number;
  /** 0 to MAX_PAGE. */
  count: number;
}

/** The page a list request asks for (RFC 7644 §3.4.2.4: `startIndex`, `count`). */
export function readListPage(query: Readonly<Record<string, string>>): ScimListPage {
  return { startIndex: readCount(query.startIndex, 1, 1), count: Math.min(readCount(query.count, MAX_PAGE, 0), MAX_PAGE) };
}

/** A ListResponse (RFC 7644 §3.4.2) of one page's resources. */
export function listResponse(page: ScimListPage, totalResults: number, resources: readonly unknown[]): Response {
  return scimResponse({ schemas: [SCIM_LIST_SCHEMA], totalResults, itemsPerPage: resources.length, startIndex: page.startIndex, Resources: resources });
}
