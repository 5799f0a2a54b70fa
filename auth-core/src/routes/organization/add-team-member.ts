import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { requireMember, requirePermission } from "../../organization/guards.js";
import { requireTeam } from "../../organization/team-access.js";
import { toWireTeamMember } from "../../organization/wire.js";
import { findMember } from "../../store/member-store.js";
import { countTeamMembers, findTeamMember, insertTeamMember } from "../../store/team-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import type { WireTeamMember } from "../../shared/wire-types.js";

const body = z.object({ teamId: z.string().min(1), userId: z.string().min(1) });

/** Adds a member of the organization to one of its teams (better-auth: needs member:update). */
export const addTeamMember = defineEndpoint({
  name: "addTeamMember",
  method: "POST",
  path: "/organization/add-team-member",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["team-member-added"],
  async handler({ ctx, body, session, client, audit }): Promise<WireTeamMember> {
    const team = await requireTeam(ctx, body.teamId);
    const actor = await requireMember(ctx, team.organizationId, session.user.id);
    requirePermission(actor, { member: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER");
    if (!(await findMember(ctx.db, team.organizationId, body.userId))) throw APIError.from(400, "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
    const existing = await findTeamMember(ctx.db, team.id, body.userId);
    if (existing) return toWireTeamMember(existing);
    if ((await countTeamMembers(ctx.db, team.id)) >= ctx.options.organization.maximumMembersPerTeam) {
      throw APIError.from(403, "TEAM_MEMBER_LIMIT_REACHED");
    }
    try {
      const row = await audit.change(async (trx, log) => {
        const inserted = await insertTeamMember(trx, {
          id: generateId(ctx.random),
          teamId: team.id,
          userId: body.userId,
          createdAt: ctx.clock.now().toISOString(),
        });
        await log.write({
          userId: session.user.id,
          type: "team-member-added",
          organizationId: team.organizationId,
          detail: { teamId: team.id, memberUserId: body.userId },
        });
        return inserted;
      });
      return toWireTeamMember(row);
    } catch (error) {
      // A concurrent add won the race: the membership exists, which is what was asked for.
      const raced = isUniqueViolation(error) ? await findTeamMember(ctx.db, team.id, body.userId) : undefined;
      if (raced) return toWireTeamMember(raced);
      throw error;
    }
  },
});
