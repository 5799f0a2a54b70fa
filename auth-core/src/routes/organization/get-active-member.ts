import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWireMemberWithUser } from "../../organization/wire.js";
import { findMemberWithUser } from "../../store/member-store.js";
import type { WireMemberWithUser } from "../../shared/wire-types.js";

/** The caller's own membership of the active organization: its role drives what the UI shows. */
export const getActiveMember = defineEndpoint({
  name: "getActiveMember",
  method: "GET",
  path: "/organization/get-active-member",
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WireMemberWithUser> {
    const organizationId = session.session.activeOrganizationId;
    if (!organizationId) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
    const member = await findMemberWithUser(ctx.db, organizationId, session.user.id);
    if (!member) throw APIError.from(400, "MEMBER_NOT_FOUND");
    return toWireMemberWithUser(member);
  },
});
