import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { patchInput, readPatch, readUserFilter } from "../../scim/patch.js";
import { scimCallerOf } from "../../gate/principal.js";
import { changeUser, deprovisionUser, provisionUser, readBoolean, scimUserInput, type ScimEvent } from "../../scim/users.js";
import { SCIM_LIST_SCHEMA, toScimUser } from "../../scim/wire.js";
import { ScimError, scimResponse } from "../../scim-token/error.js";
import type { ScimUserRow } from "../../store/database.js";
import { findScimUser, listScimUsers } from "../../store/scim-store.js";
import { findUserById } from "../../store/user-store.js";
import { answerScim } from "./discovery.js";

const SCIM_EVENTS: ScimEvent[] = ["scim-user-provisioned", "scim-user-updated", "scim-user-deactivated", "scim-user-reactivated", "scim-user-deprovisioned"];
const MAX_PAGE = 100;

/** A body read against its schema, refused with SCIM's 400 invalidValue naming the field. */
export function parseScim<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join(".") : "body";
  throw new ScimError(400, `${where}: ${issue?.message ?? "invalid"}`, "invalidValue");
}

async function resource(ctx: AuthContext, row: ScimUserRow) {
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw new ScimError(404, "User not found");
  return toScimUser(ctx, row, user);
}

export function readCount(value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  return Number.isInteger(number) ? Math.max(min, number) : fallback;
}

/**
 * SCIM 2.0 /Users (RFC 7644 §3.3, §3.4.2): a directory lists (filtered by `userName eq "…"`,
 * paged by startIndex and count) and creates the people of its token's organization only.
 */
export const scimUsers = defineEndpoint({
  name: "scimUsers",
  method: ["GET", "POST"],
  path: "/scim/v2/Users",
  body: z.unknown(),
  query: z.record(z.string(), z.string()),
  acceptsScimJSON: true,
  session: "none",
  caller: "scim-token",
  rateLimit: { window: 10, max: 200 },
  audit: SCIM_EVENTS,
  handler: ({ ctx, principal, request, body, query, audit }) =>
    answerScim(async () => {
      const token = scimCallerOf(principal);
      if (request?.method === "POST") {
        const input = parseScim(scimUserInput, body);
        const { row, user } = await provisionUser(ctx, audit, token.organizationId, input);
        const created = toScimUser(ctx, row, user);
        return scimResponse(created, 201, { location: created.meta.location });
      }
      const filter = query.filter ? readUserFilter(query.filter) : null;
      const startIndex = readCount(query.startIndex, 1, 1);
      const count = Math.min(readCount(query.count, MAX_PAGE, 0), MAX_PAGE);
      const page = await listScimUsers(ctx.db, token.organizationId, { filter, startIndex, count });
      const resources = await Promise.all(page.rows.map((row) => resource(ctx, row)));
      return scimResponse({ schemas: [SCIM_LIST_SCHEMA], totalResults: page.total, itemsPerPage: resources.length, startIndex, Resources: resources });
    }),
});

/**
 * SCIM 2.0 /Users/:id: read, replace (PUT), patch (PatchOp) and delete one person of the token's
 * organization; another organization's person is 404, as if there were none.
 */
export const scimUser = defineEndpoint({
  name: "scimUser",
  method: ["GET", "PUT", "PATCH", "DELETE"],
  path: "/scim/v2/Users/:id",
  body: z.unknown(),
  acceptsScimJSON: true,
  session: "none",
  caller: "scim-token",
  rateLimit: { window: 10, max: 200 },
  audit: SCIM_EVENTS,
  handler: ({ ctx, principal, request, body, params, audit }) =>
    answerScim(async () => {
      const token = scimCallerOf(principal);
      const current = await findScimUser(ctx.db, token.organizationId, params.id ?? "");
      if (!current) throw new ScimError(404, "User not found");
      const method = request?.method ?? "GET";
      if (method === "DELETE") {
        await deprovisionUser(ctx, audit, current);
        return scimResponse(null, 204);
      }
      if (method === "PUT") {
        const input = parseScim(scimUserInput, body);
        const active = readBoolean(input.active);
        const { row, user } = await changeUser(ctx, audit, current, {
          userName: input.userName,
          externalId: input.externalId ?? null,
          givenName: input.name?.givenName ?? null,
          familyName: input.name?.familyName ?? null,
          displayName: input.displayName ?? null,
          ...(active === null ? {} : { active }),
        });
        return scimResponse(toScimUser(ctx, row, user));
      }
      if (method === "PATCH") {
        const { row, user } = await changeUser(ctx, audit, current, readPatch(parseScim(patchInput, body)));
        return scimResponse(toScimUser(ctx, row, user));
      }
      return scimResponse(await resource(ctx, current));
    }),
});
