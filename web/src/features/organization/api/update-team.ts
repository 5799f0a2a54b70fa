import type { UseMutationResult } from "@tanstack/react-query";
import type { WireTeam } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface UpdateTeamInput {
  teamId: string;
  name: string;
}

/** POST /organization/update-team {teamId, data: {name}}: rename. */
export function updateTeam(client: AuthClient, input: UpdateTeamInput): Promise<WireTeam> {
  return organizationRequest<WireTeam>(client, "/organization/update-team", { teamId: input.teamId, data: { name: input.name } });
}

export function useUpdateTeam(): UseMutationResult<WireTeam, Error, UpdateTeamInput> {
  return useOrganizationMutation("update-team", updateTeam);
}
