import type { UseMutationResult } from "@tanstack/react-query";
import type { WireInvitation, WireMember } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface AcceptInvitationInput {
  invitationId: string;
}

/** POST /organization/accept-invitation {invitationId}: joins and makes the organization active. */
export function acceptInvitation(client: AuthClient, input: AcceptInvitationInput): Promise<{ invitation: WireInvitation; member: WireMember }> {
  return organizationRequest<{ invitation: WireInvitation; member: WireMember }>(client, "/organization/accept-invitation", input);
}

export function useAcceptInvitation(): UseMutationResult<{ invitation: WireInvitation; member: WireMember }, Error, AcceptInvitationInput> {
  return useOrganizationMutation("accept-invitation", acceptInvitation);
}
