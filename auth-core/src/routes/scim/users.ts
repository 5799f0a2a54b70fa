import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { patchInput, readPatch, readUserFilter } from "../../scim/patch.js";
import { scimCallerOf } from "../../gate/principal.js";
import { changeUser, deprovisionUser, provisionUser, readBoolean, scimUserInput, type ScimEvent } from "../../scim/users.js";
import { toScimUser } from "../../scim/wire.js";
import { ScimError, scimResponse } from "../../scim-token/error.js";
import type { ScimUserRow } from "../../store/database.js";
import { findScimUser, listScimUsers } from "../../store/scim-store.js";
import { findUserById, findUsersByIds } from "../../store/user-store.js";
import { answerScim } from "./discovery.js";
import { listResponse, parseScim, readListPage } from "./scim-request.js";

const SCIM_EVENTS: ScimEvent[] = ["scim-user-provisioned", "scim-user-updated", "scim-user-deactivated", "scim-user-reactivated", "scim-user-deprovisioned"];

/** A provisioned person as SCIM shows them, with their user row. */
async function resource(ctx: AuthContext, row: ScimUserRow) {
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw new ScimError(404, "User not found");
  return toScimUser(ctx, row, user);
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
      const page = readListPage(query);
      const found = await listScimUsers(ctx.db, token.organizationId, { filter, ...page });
      // The page's people in one read, not one a row.
      const users = new Map(
        (
          await findUsersByIds(
            ctx.db,
            found.rows.map((row) => row.userId),
          )
        ).map((user) => [user.id, user]),
      );
      const resources = found.rows.flatMap((row) => {
        const user = users.get(row.userId);
        return user ? [toScimUser(ctx, row, user)] : [];
      });
      return listResponse(page, found.total, resources);
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
