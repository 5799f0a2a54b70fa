import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireInvitationRecipient } from "../../organization/invitation-access.js";
import { toWireInvitation } from "../../organization/wire.js";
import { closeLiveInvitation } from "../../store/invitation-store.js";
import type { WireInvitation } from "../../shared/wire-types.js";

const body = z.object({ invitationId: z.string().min(1) });

export const rejectInvitation = defineEndpoint({
  name: "rejectInvitation",
  method: "POST",
  path: "/organization/reject-invitation",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["invitation-rejected"],
  async handler({ ctx, body, session, client, audit }): Promise<{ invitation: WireInvitation; member: null }> {
    const now = ctx.clock.now();
    const found = await requireInvitationRecipient(ctx, body.invitationId, session.user, now);
    const invitation = await audit.change(async (trx, log) => {
      const closed = await closeLiveInvitation(trx, found.id, "rejected", now);
      if (closed) {
        await log.write({
          userId: session.user.id,
          type: "invitation-rejected",
          organizationId: closed.organizationId,
          detail: { invitationId: closed.id },
        });
      } else log.unchanged(); // nothing matched: nothing to record
      return closed;
    });
    if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
    return { invitation: toWireInvitation(invitation), member: null };
  },
});
