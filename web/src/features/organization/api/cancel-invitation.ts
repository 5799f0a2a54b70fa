import type { UseMutationResult } from "@tanstack/react-query";
import type { WireInvitation } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface CancelInvitationInput {
  invitationId: string;
}

/** POST /organization/cancel-invitation {invitationId}. */
export function cancelInvitation(client: AuthClient, input: CancelInvitationInput): Promise<WireInvitation> {
  return organizationRequest<WireInvitation>(client, "/organization/cancel-invitation", input);
}

export function useCancelInvitation(): UseMutationResult<WireInvitation, Error, CancelInvitationInput> {
  return useOrganizationMutation("cancel-invitation", cancelInvitation);
}
