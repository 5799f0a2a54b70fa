import type { UseMutationResult } from "@tanstack/react-query";
import type { WireTeamMember } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface AddTeamMemberInput {
  teamId: string;
  userId: string;
}

/** POST /organization/add-team-member {teamId, userId}. */
export function addTeamMember(client: AuthClient, input: AddTeamMemberInput): Promise<WireTeamMember> {
  return organizationRequest<WireTeamMember>(client, "/organization/add-team-member", input);
}

export function useAddTeamMember(): UseMutationResult<WireTeamMember, Error, AddTeamMemberInput> {
  return useOrganizationMutation("add-team-member", addTeamMember);
}
