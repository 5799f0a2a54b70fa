import type { UseMutationResult } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface DeleteOrganizationInput {
  organizationId: string;
}

/** POST /organization/delete {organizationId}: the organization, its members, invitations and teams. */
export function deleteOrganization(client: AuthClient, input: DeleteOrganizationInput): Promise<WireOrganization> {
  return organizationRequest<WireOrganization>(client, "/organization/delete", input);
}

export function useDeleteOrganization(): UseMutationResult<WireOrganization, Error, DeleteOrganizationInput> {
  return useOrganizationMutation("delete-organization", deleteOrganization);
}
