import type { UseMutationResult } from "@tanstack/react-query";
import type { WireMember } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface LeaveOrganizationInput {
  organizationId: string;
}

/** POST /organization/leave {organizationId}: the last owner is refused by the server. */
export function leaveOrganization(client: AuthClient, input: LeaveOrganizationInput): Promise<WireMember> {
  return organizationRequest<WireMember>(client, "/organization/leave", input);
}

export function useLeaveOrganization(): UseMutationResult<WireMember, Error, LeaveOrganizationInput> {
  return useOrganizationMutation("leave-organization", leaveOrganization);
}
