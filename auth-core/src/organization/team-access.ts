import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import type { TeamRow } from "../store/database.js";
import { findTeamById } from "../store/team-store.js";

/**
 * A team, checked against the organization the caller named (if any). The team's own
 * organization is what the permission check is made against, so no active organization is
 * needed to manage a team.
 */
export async function requireTeam(ctx: AuthContext, teamId: string, organizationId?: string): Promise<TeamRow> {
  const team = await findTeamById(ctx.db, teamId);
  if (!team || (organizationId !== undefined && team.organizationId !== organizationId)) throw APIError.from(400, "TEAM_NOT_FOUND");
  return team;
}
