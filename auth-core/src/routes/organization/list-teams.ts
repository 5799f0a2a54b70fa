import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { requireMember, resolveOrganizationId } from "../../organization/guards.js";
import { toWireTeam } from "../../organization/wire.js";
import { listTeamsOfOrganization } from "../../store/team-store.js";
import type { WireTeam } from "../../shared/wire-types.js";

const query = z.object({ organizationId: z.string().optional() });

export const listOrganizationTeams = defineEndpoint({
  name: "listOrganizationTeams",
  method: "GET",
  path: "/organization/list-teams",
  query,
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, session }): Promise<WireTeam[]> {
    const organizationId = resolveOrganizationId(session, query.organizationId);
    await requireMember(ctx, organizationId, session.user.id);
    return (await listTeamsOfOrganization(ctx.db, organizationId)).map(toWireTeam);
  },
});
