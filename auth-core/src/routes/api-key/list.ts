import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { requireOrganizationKeyManager } from "../../api-key/manage.js";
import { toWireApiKey } from "../../api-key/wire.js";
import { listApiKeysByOwner } from "../../store/api-key-store.js";
import type { WireApiKeyList } from "../../shared/wire-types.js";

const query = z.object({
  configId: z.string().max(64).optional(),
  organizationId: z.string().max(128).optional(),
  limit: z.coerce.number().int().nonnegative().max(1000).optional(),
  offset: z.coerce.number().int().nonnegative().optional(),
  sortBy: z.enum(["createdAt", "updatedAt", "name", "expiresAt", "lastRequest"]).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
});

/**
 * GET /api-key/list → { apiKeys, total }: the caller's own keys, or with `organizationId` the
 * organization's (owners and admins): the two are never listed together.
 */
export const listApiKeys = defineEndpoint({
  name: "listApiKeys",
  method: "GET",
  path: "/api-key/list",
  query,
  session: "required",
  feature: "apiKey",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, session }): Promise<WireApiKeyList> {
    if (query.organizationId !== undefined) await requireOrganizationKeyManager(ctx, query.organizationId, session.user.id);
    const owner = query.organizationId !== undefined ? { organizationId: query.organizationId } : { userId: session.user.id };
    const { rows, total } = await listApiKeysByOwner(ctx.db, owner, query);
    return {
      apiKeys: rows.map(toWireApiKey),
      total,
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.offset !== undefined ? { offset: query.offset } : {}),
    };
  },
});
