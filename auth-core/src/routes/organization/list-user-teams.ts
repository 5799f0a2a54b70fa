import { defineEndpoint } from "../../endpoint.js";
import { toWireTeam } from "../../organization/wire.js";
import { listTeamsOfUser } from "../../store/team-store.js";
import type { WireTeam } from "../../shared/wire-types.js";

/** The teams the caller belongs to, across organizations. */
export const listUserTeams = defineEndpoint({
  name: "listUserTeams",
  method: "GET",
  path: "/organization/list-user-teams",
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WireTeam[]> {
    return (await listTeamsOfUser(ctx.db, session.user.id)).map(toWireTeam);
  },
});
