import type { UseMutationResult } from "@tanstack/react-query";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface RemoveTeamMemberInput {
  teamId: string;
  userId: string;
}

/** POST /organization/remove-team-member {teamId, userId}. */
export function removeTeamMember(client: AuthClient, input: RemoveTeamMemberInput): Promise<{ message: string }> {
  return organizationRequest<{ message: string }>(client, "/organization/remove-team-member", input);
}

export function useRemoveTeamMember(): UseMutationResult<{ message: string }, Error, RemoveTeamMemberInput> {
  return useOrganizationMutation("remove-team-member", removeTeamMember);
}
