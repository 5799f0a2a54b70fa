import { z } from "zod";
import { actorOf } from "../../gate/principal.js";
import { defineEndpoint } from "../../endpoint.js";
import { requireActingMember, resolveActorOrganizationId } from "../../organization/guards.js";
import { toWireInvitation } from "../../organization/wire.js";
import { listInvitationsOfOrganization } from "../../store/invitation-store.js";
import type { WireInvitation } from "../../shared/wire-types.js";

const query = z.object({ organizationId: z.string().optional() });

/** Every invitation of the organization, newest first, whatever its status. */
export const listInvitations = defineEndpoint({
  name: "listInvitations",
  method: "GET",
  path: "/organization/list-invitations",
  query,
  session: "required",
  apiKeySession: "allow",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, principal }): Promise<WireInvitation[]> {
    const caller = actorOf(principal);
    const organizationId = resolveActorOrganizationId(caller, query.organizationId);
    await requireActingMember(ctx, caller, organizationId);
    return (await listInvitationsOfOrganization(ctx.db, organizationId)).map(toWireInvitation);
  },
});
