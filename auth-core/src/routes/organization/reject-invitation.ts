import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireInvitationRecipient } from "../../organization/invitation-access.js";
import { toWireInvitation } from "../../organization/wire.js";
import { recordSecurityEvent } from "../../security/security-events.js";
import { closeLiveInvitation } from "../../store/invitation-store.js";
import type { WireInvitation } from "../../shared/wire-types.js";

const body = z.object({ invitationId: z.string().min(1) });

export const rejectInvitation = defineEndpoint({
  name: "rejectInvitation",
  method: "POST",
  path: "/organization/reject-invitation",
  body,
  session: "required",
  async handler({ ctx, body, session, client }): Promise<{ invitation: WireInvitation; member: null }> {
    const now = ctx.clock.now();
    const found = await requireInvitationRecipient(ctx, body.invitationId, session.user, now);
    const invitation = await closeLiveInvitation(ctx.db, found.id, "rejected", now);
    if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
    await recordSecurityEvent(ctx, {
      userId: session.user.id, type: "organization-invitation-rejected", outcome: "success", client,
      detail: { organizationId: invitation.organizationId, invitationId: invitation.id },
    });
    return { invitation: toWireInvitation(invitation), member: null };
  },
});
