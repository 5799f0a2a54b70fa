import { defineEndpoint } from "../../endpoint.js";
import { toWireInvitation } from "../../organization/wire.js";
import { listLiveInvitationsForEmail } from "../../store/invitation-store.js";
import type { WireUserInvitation } from "../../shared/wire-types.js";

/** The caller's own live invitations (to their email), with the organizations' names. */
export const listUserInvitations = defineEndpoint({
  name: "listUserInvitations",
  method: "GET",
  path: "/organization/list-user-invitations",
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WireUserInvitation[]> {
    const rows = await listLiveInvitationsForEmail(ctx.db, session.user.email.toLowerCase(), ctx.clock.now());
    return rows.map((row) => ({
      ...toWireInvitation(row.invitation),
      organizationName: row.organizationName,
      organizationSlug: row.organizationSlug,
    }));
  },
});
