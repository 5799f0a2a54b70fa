import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { changeGroup, createGroup, deleteGroup, readGroupFilter, readGroupPatch, scimGroupInput, toScimGroup, type ScimGroupEvent } from "../../scim/groups.js";
import { patchInput } from "../../scim/patch.js";
import { scimCallerOf } from "../../gate/principal.js";
import { ScimError, scimResponse } from "../../scim-token/error.js";
import { findScimGroup, listScimGroups } from "../../store/scim-store.js";
import { answerScim } from "./discovery.js";
import { listResponse, parseScim, readListPage } from "./scim-request.js";

const GROUP_EVENTS: ScimGroupEvent[] = ["team-created", "team-updated", "team-deleted", "team-member-added", "team-member-removed"];

/** SCIM 2.0 /Groups: a directory's groups are teams of its token's organization. */
export const scimGroups = defineEndpoint({
  name: "scimGroups",
  method: ["GET", "POST"],
  path: "/scim/v2/Groups",
  body: z.unknown(),
  query: z.record(z.string(), z.string()),
  acceptsScimJSON: true,
  session: "none",
  caller: "scim-token",
  rateLimit: { window: 10, max: 200 },
  audit: GROUP_EVENTS,
  handler: ({ ctx, principal, request, body, query, audit }) =>
    answerScim(async () => {
      const token = scimCallerOf(principal);
      if (request?.method === "POST") {
        const created = await toScimGroup(ctx, await createGroup(ctx, audit, token.organizationId, parseScim(scimGroupInput, body)));
        return scimResponse(created, 201, { location: created.meta.location });
      }
      const filter = query.filter ? readGroupFilter(query.filter) : null;
      const page = readListPage(query);
      const found = await listScimGroups(ctx.db, token.organizationId, { filter, ...page });
      return listResponse(page, found.total, await Promise.all(found.rows.map((row) => toScimGroup(ctx, row))));
    }),
});

/** SCIM 2.0 /Groups/:id: read, replace, patch (members in and out) and delete a directory's team. */
export const scimGroup = defineEndpoint({
  name: "scimGroup",
  method: ["GET", "PUT", "PATCH", "DELETE"],
  path: "/scim/v2/Groups/:id",
  body: z.unknown(),
  acceptsScimJSON: true,
  session: "none",
  caller: "scim-token",
  rateLimit: { window: 10, max: 200 },
  audit: GROUP_EVENTS,
  handler: ({ ctx, principal, request, body, params, audit }) =>
    answerScim(async () => {
      const token = scimCallerOf(principal);
      const found = await findScimGroup(ctx.db, token.organizationId, params.id ?? "");
      if (!found) throw new ScimError(404, "Group not found");
      const method = request?.method ?? "GET";
      if (method === "DELETE") {
        await deleteGroup(ctx, audit, found);
        return scimResponse(null, 204);
      }
      if (method === "PUT") {
        const input = parseScim(scimGroupInput, body);
        const changed = await changeGroup(ctx, audit, found, {
          displayName: input.displayName,
          externalId: input.externalId ?? null,
          replaceMembers: (input.members ?? []).map((m) => m.value),
        });
        return scimResponse(await toScimGroup(ctx, changed));
      }
      if (method === "PATCH") {
        const changed = await changeGroup(ctx, audit, found, readGroupPatch(parseScim(patchInput, body).Operations));
        return scimResponse(await toScimGroup(ctx, changed));
      }
      return scimResponse(await toScimGroup(ctx, found));
    }),
});
