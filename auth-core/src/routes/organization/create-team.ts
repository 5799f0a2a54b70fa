import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { requireMember, requirePermission, resolveOrganizationId } from "../../organization/guards.js";
import { toWireTeam } from "../../organization/wire.js";
import { countTeams, insertTeam } from "../../store/team-store.js";
import type { WireTeam } from "../../shared/wire-types.js";

const body = z.object({ name: z.string().trim().min(1).max(256), organizationId: z.string().optional() });

export const createTeam = defineEndpoint({
  name: "createTeam",
  method: "POST",
  path: "/organization/create-team",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["team-created"],
  async handler({ ctx, body, session, client, audit }): Promise<WireTeam> {
    const organizationId = resolveOrganizationId(session, body.organizationId);
    const member = await requireMember(ctx, organizationId, session.user.id);
    requirePermission(member, { team: ["create"] }, "YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION");
    if ((await countTeams(ctx.db, organizationId)) >= ctx.options.organization.maximumTeams) {
      throw APIError.from(400, "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS");
    }
    const now = ctx.clock.now().toISOString();
    const team = await audit.change(async (trx, log) => {
      const row = await insertTeam(trx, { id: generateId(ctx.random), name: body.name, organizationId, createdAt: now, updatedAt: now });
      await log.write({
        userId: session.user.id,
        type: "team-created",
        organizationId,
        detail: { teamId: row.id, name: row.name },
      });
      return row;
    });
    return toWireTeam(team);
  },
});
