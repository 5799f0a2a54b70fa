import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember, requirePermission } from "../../organization/guards.js";
import { requireTeam } from "../../organization/team-access.js";
import { toWireTeam } from "../../organization/wire.js";
import { renameTeam } from "../../store/team-store.js";
import type { WireTeam } from "../../shared/wire-types.js";

const body = z.object({
  teamId: z.string().min(1),
  data: z.object({ name: z.string().trim().min(1).max(256).optional(), organizationId: z.string().optional() }),
});

export const updateTeam = defineEndpoint({
  name: "updateTeam",
  method: "POST",
  path: "/organization/update-team",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["team-updated"],
  async handler({ ctx, body, session, client, audit }): Promise<WireTeam> {
    const team = await requireTeam(ctx, body.teamId, body.data.organizationId);
    const member = await requireMember(ctx, team.organizationId, session.user.id, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM");
    requirePermission(member, { team: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM");
    if (body.data.name === undefined) return toWireTeam(team);
    const name = body.data.name;
    const updated = await audit.change(async (trx, log) => {
      const row = await renameTeam(trx, team.id, name, ctx.clock.now());
      if (row) {
        await log.write({
          userId: session.user.id,
          type: "team-updated",
          organizationId: team.organizationId,
          detail: { teamId: team.id, name },
        });
      } else log.unchanged(); // nothing matched: nothing to record
      return row;
    });
    if (!updated) throw APIError.from(400, "TEAM_NOT_FOUND");
    return toWireTeam(updated);
  },
});
