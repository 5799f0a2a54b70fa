import type { UseMutationResult } from "@tanstack/react-query";
import type { WireInvitation } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface RejectInvitationInput {
  invitationId: string;
}

/** POST /organization/reject-invitation {invitationId}: declines. */
export function rejectInvitation(client: AuthClient, input: RejectInvitationInput): Promise<{ invitation: WireInvitation; member: null }> {
  return organizationRequest<{ invitation: WireInvitation; member: null }>(client, "/organization/reject-invitation", input);
}

export function useRejectInvitation(): UseMutationResult<{ invitation: WireInvitation; member: null }, Error, RejectInvitationInput> {
  return useOrganizationMutation("reject-invitation", rejectInvitation);
}
