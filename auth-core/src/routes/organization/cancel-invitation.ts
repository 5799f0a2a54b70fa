import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember, requirePermission } from "../../organization/guards.js";
import { toWireInvitation } from "../../organization/wire.js";
import { recordSecurityEvent } from "../../security/security-events.js";
import { cancelPendingInvitation, findInvitationById } from "../../store/invitation-store.js";
import type { WireInvitation } from "../../shared/wire-types.js";

const body = z.object({ invitationId: z.string().min(1) });

export const cancelInvitation = defineEndpoint({
  name: "cancelInvitation",
  method: "POST",
  path: "/organization/cancel-invitation",
  body,
  session: "required",
  async handler({ ctx, body, session, client }): Promise<WireInvitation> {
    const found = await findInvitationById(ctx.db, body.invitationId);
    if (!found) throw APIError.from(400, "INVITATION_NOT_FOUND");
    const member = await requireMember(ctx, found.organizationId, session.user.id);
    requirePermission(member, { invitation: ["cancel"] }, "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION");
    const invitation = await cancelPendingInvitation(ctx.db, found.id);
    if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
    await recordSecurityEvent(ctx, {
      userId: session.user.id, type: "organization-invitation-canceled", outcome: "success", client,
      detail: { organizationId: invitation.organizationId, invitationId: invitation.id },
    });
    return toWireInvitation(invitation);
  },
});
