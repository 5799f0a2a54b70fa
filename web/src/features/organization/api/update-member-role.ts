import type { UseMutationResult } from "@tanstack/react-query";
import type { WireMember } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface UpdateMemberRoleInput {
  memberId: string;
  role: string;
}

/** POST /organization/update-member-role {memberId, role}. */
export function updateMemberRole(client: AuthClient, input: UpdateMemberRoleInput): Promise<WireMember> {
  return organizationRequest<WireMember>(client, "/organization/update-member-role", input);
}

export function useUpdateMemberRole(): UseMutationResult<WireMember, Error, UpdateMemberRoleInput> {
  return useOrganizationMutation("update-member-role", updateMemberRole);
}
