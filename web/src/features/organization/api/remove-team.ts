import type { UseMutationResult } from "@tanstack/react-query";
import type { WireTeam } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface RemoveTeamInput {
  teamId: string;
}

/** POST /organization/remove-team {teamId}. */
export function removeTeam(client: AuthClient, input: RemoveTeamInput): Promise<WireTeam> {
  return organizationRequest<WireTeam>(client, "/organization/remove-team", input);
}

export function useRemoveTeam(): UseMutationResult<WireTeam, Error, RemoveTeamInput> {
  return useOrganizationMutation("remove-team", removeTeam);
}
