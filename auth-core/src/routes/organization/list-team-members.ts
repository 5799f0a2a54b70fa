import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember } from "../../organization/guards.js";
import { requireTeam } from "../../organization/team-access.js";
import { toWireTeamMember } from "../../organization/wire.js";
import { listTeamMembers as listTeamMemberRows } from "../../store/team-store.js";
import type { WireTeamMember } from "../../shared/wire-types.js";

const query = z.object({ teamId: z.string().optional() });

/**
 * Members of a team (default: the active team). Any member of the team's organization may read
 * it, so the Users page can show every team's members to the people who manage them.
 */
export const listTeamMembers = defineEndpoint({
  name: "listTeamMembers",
  method: "GET",
  path: "/organization/list-team-members",
  query,
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, session }): Promise<WireTeamMember[]> {
    const teamId = query.teamId || session.session.activeTeamId;
    if (!teamId) throw APIError.from(400, "YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM");
    const team = await requireTeam(ctx, teamId);
    await requireMember(ctx, team.organizationId, session.user.id);
    return (await listTeamMemberRows(ctx.db, team.id)).map(toWireTeamMember);
  },
});
