import type { UseMutationResult } from "@tanstack/react-query";
import type { WireMember } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface RemoveMemberInput {
  memberId: string;
}

/** POST /organization/remove-member {memberIdOrEmail}: by member id. */
export function removeMember(client: AuthClient, input: RemoveMemberInput): Promise<{ member: WireMember }> {
  return organizationRequest<{ member: WireMember }>(client, "/organization/remove-member", { memberIdOrEmail: input.memberId });
}

export function useRemoveMember(): UseMutationResult<{ member: WireMember }, Error, RemoveMemberInput> {
  return useOrganizationMutation("remove-member", removeMember);
}
