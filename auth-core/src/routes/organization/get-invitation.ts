import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireInvitationRecipient } from "../../organization/invitation-access.js";
import { toWireInvitation } from "../../organization/wire.js";
import { findMemberWithUser } from "../../store/member-store.js";
import { findOrganizationById } from "../../store/organization-store.js";
import type { WireInvitationDetail } from "../../shared/wire-types.js";

const query = z.object({ id: z.string().min(1) });

/** What the accept page shows: the invitation, the organization's name and who sent it. */
export const getInvitation = defineEndpoint({
  name: "getInvitation",
  method: "GET",
  path: "/organization/get-invitation",
  query,
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, session }): Promise<WireInvitationDetail> {
    const invitation = await requireInvitationRecipient(ctx, query.id, session.user, ctx.clock.now());
    const organization = await findOrganizationById(ctx.db, invitation.organizationId);
    if (!organization) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
    const inviter = await findMemberWithUser(ctx.db, invitation.organizationId, invitation.inviterId);
    if (!inviter) throw APIError.from(400, "INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION");
    return {
      ...toWireInvitation(invitation),
      organizationName: organization.name,
      organizationSlug: organization.slug,
      inviterEmail: inviter.user.email,
    };
  },
});
