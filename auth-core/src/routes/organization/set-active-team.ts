import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireTeam } from "../../organization/team-access.js";
import { toWireTeam } from "../../organization/wire.js";
import { setSessionActiveTeam } from "../../store/organization-store.js";
import { findTeamMember } from "../../store/team-store.js";
import type { WireTeam } from "../../shared/wire-types.js";

const body = z.object({ teamId: z.string().nullable().optional() });

/** Sets (or with teamId null, clears) the session's active team; only a team member may. */
export const setActiveTeam = defineEndpoint({
  name: "setActiveTeam",
  method: "POST",
  path: "/organization/set-active-team",
  body,
  session: "required",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "changes which team the session shows, not a membership" },
  async handler({ ctx, body, session }): Promise<WireTeam | null> {
    const now = ctx.clock.now();
    if (body.teamId === null) {
      await setSessionActiveTeam(ctx.db, session.session.id, null, now);
      return null;
    }
    const teamId = body.teamId ?? session.session.activeTeamId;
    if (!teamId) return null;
    const team = await requireTeam(ctx, teamId);
    if (!(await findTeamMember(ctx.db, team.id, session.user.id))) throw APIError.from(403, "USER_IS_NOT_A_MEMBER_OF_THE_TEAM");
    await setSessionActiveTeam(ctx.db, session.session.id, team.id, now);
    return toWireTeam(team);
  },
});
