import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireActingMember, requirePermission } from "../../organization/guards.js";
import { toWireInvitation } from "../../organization/wire.js";
import { writeAuditEvent } from "../../security/security-events.js";
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
  async handler({ ctx, body, session, client }): Promise<WireInvitation> {
    const found = await findInvitationById(ctx.db, body.invitationId);
    if (!found) throw APIError.from(400, "INVITATION_NOT_FOUND");
    const member = await requireActingMember(ctx, session, found.organizationId);
    requirePermission(member, { invitation: ["cancel"] }, "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION");
    const invitation = await ctx.db.transaction().execute(async (trx) => {
      const cancelled = await cancelPendingInvitation(trx, found.id);
      if (cancelled) {
        await writeAuditEvent(ctx, trx, {
          userId: session.user.id,
          type: "invitation-cancelled",
          outcome: "success",
          organizationId: cancelled.organizationId,
          client,
          detail: { invitationId: cancelled.id, email: cancelled.email },
        });
      }
      return cancelled;
    });
    if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
    return toWireInvitation(invitation);
  },
});
