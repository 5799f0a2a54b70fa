import { z } from "zod";
import { actingUser, actorOf } from "../../gate/principal.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireActingMember, requirePermission } from "../../organization/guards.js";
import { toWireInvitation } from "../../organization/wire.js";
import { cancelPendingInvitation, findInvitationById } from "../../store/invitation-store.js";
import type { WireInvitation } from "../../shared/wire-types.js";

const body = z.object({ invitationId: z.string().min(1) });

export const cancelInvitation = defineEndpoint({
  name: "cancelInvitation",
  method: "POST",
  path: "/organization/cancel-invitation",
  body,
  session: "required",
  apiKeySession: "allow",
  rateLimit: "default",
  audit: ["invitation-cancelled"],
  async handler({ ctx, body, principal, client, audit }): Promise<WireInvitation> {
    const caller = actorOf(principal);
    const user = actingUser(caller);
    const found = await findInvitationById(ctx.db, body.invitationId);
    if (!found) throw APIError.from(400, "INVITATION_NOT_FOUND");
    const member = await requireActingMember(ctx, caller, found.organizationId);
    requirePermission(member, { invitation: ["cancel"] }, "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION");
    const invitation = await audit.change(async (trx, log) => {
      const cancelled = await cancelPendingInvitation(trx, found.id);
      if (cancelled) {
        await log.write({
          userId: user.id,
          type: "invitation-cancelled",
          organizationId: cancelled.organizationId,
          detail: { invitationId: cancelled.id, email: cancelled.email },
        });
      } else log.unchanged(); // nothing matched: nothing to record
      return cancelled;
    });
    if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
    return toWireInvitation(invitation);
  },
});
