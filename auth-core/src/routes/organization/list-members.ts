import { z } from "zod";
import { actorOf } from "../../gate/principal.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireActingMember, resolveActorOrganizationId } from "../../organization/guards.js";
import { toWireMemberWithUser } from "../../organization/wire.js";
import { countMembers, listMembersWithUsers } from "../../store/member-store.js";
import { findOrganizationBySlug } from "../../store/organization-store.js";
import type { WireMemberWithUser } from "../../shared/wire-types.js";

const query = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  organizationId: z.string().optional(),
  organizationSlug: z.string().optional(),
});

export const listMembers = defineEndpoint({
  name: "listMembers",
  method: "GET",
  path: "/organization/list-members",
  query,
  session: "required",
  apiKeySession: "allow",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, principal }): Promise<{ members: WireMemberWithUser[]; total: number }> {
    const caller = actorOf(principal);
    let explicit = query.organizationId;
    if (!explicit && query.organizationSlug) {
      const organization = await findOrganizationBySlug(ctx.db, query.organizationSlug);
      if (!organization) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
      explicit = organization.id;
    }
    const organizationId = resolveActorOrganizationId(caller, explicit);
    await requireActingMember(ctx, caller, organizationId);
    const page = { limit: query.limit ?? 100, offset: query.offset ?? 0, direction: query.sortDirection ?? "asc" } as const;
    const [members, total] = await Promise.all([listMembersWithUsers(ctx.db, organizationId, page), countMembers(ctx.db, organizationId)]);
    return { members: members.map(toWireMemberWithUser), total };
  },
});
