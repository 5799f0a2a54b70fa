import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { requireMember, requirePermission } from "../../organization/guards.js";
import { requireTeam } from "../../organization/team-access.js";
import { clearActiveTeam } from "../../store/organization-store.js";
import { deleteTeamById } from "../../store/team-store.js";

const body = z.object({ teamId: z.string().min(1), organizationId: z.string().optional() });

/** Its team memberships go with it (FK cascade); sessions with it active lose it. */
export const removeTeam = defineEndpoint({
  name: "removeTeam",
  method: "POST",
  path: "/organization/remove-team",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["team-deleted"],
  async handler({ ctx, body, session, client, audit }): Promise<{ message: string }> {
    const team = await requireTeam(ctx, body.teamId, body.organizationId);
    const member = await requireMember(ctx, team.organizationId, session.user.id, "YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION");
    requirePermission(member, { team: ["delete"] }, "YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION");
    await audit.change(async (trx, log) => {
      await clearActiveTeam(trx, team.id);
      await deleteTeamById(trx, team.id);
      await log.write({
        userId: session.user.id,
        type: "team-deleted",
        organizationId: team.organizationId,
        detail: { teamId: team.id, name: team.name },
      });
    });
    return { message: "Team removed successfully." };
  },
});
