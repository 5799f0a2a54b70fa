import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember, requirePermission } from "../../organization/guards.js";
import { requireTeam } from "../../organization/team-access.js";
import { clearActiveTeam } from "../../store/organization-store.js";
import { deleteTeamMember } from "../../store/team-store.js";

const body = z.object({ teamId: z.string().min(1), userId: z.string().min(1) });

/** Removes someone from a team (better-auth: needs member:delete); they stay in the organization. */
export const removeTeamMember = defineEndpoint({
  name: "removeTeamMember",
  method: "POST",
  path: "/organization/remove-team-member",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["team-member-removed"],
  async handler({ ctx, body, session, client, audit }): Promise<{ message: string }> {
    const team = await requireTeam(ctx, body.teamId);
    const actor = await requireMember(ctx, team.organizationId, session.user.id);
    requirePermission(actor, { member: ["delete"] }, "YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER");
    const removed = await audit.change(async (trx, log) => {
      const deleted = await deleteTeamMember(trx, team.id, body.userId);
      if (deleted) {
        await clearActiveTeam(trx, team.id, body.userId);
        await log.write({
          userId: session.user.id,
          type: "team-member-removed",
          organizationId: team.organizationId,
          detail: { teamId: team.id, memberUserId: body.userId },
        });
      } else log.unchanged(); // nothing matched: nothing to record
      return deleted;
    });
    if (!removed) throw APIError.from(400, "USER_IS_NOT_A_MEMBER_OF_THE_TEAM");
    return { message: "Team member removed successfully." };
  },
});
