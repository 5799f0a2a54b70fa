import type { UseMutationResult } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface UpdateOrganizationInput {
  organizationId: string;
  data: { name?: string; slug?: string };
}

/** POST /organization/update {organizationId, data}: rename, or change the slug (the server checks it). */
export function updateOrganization(client: AuthClient, input: UpdateOrganizationInput): Promise<WireOrganization> {
  return organizationRequest<WireOrganization>(client, "/organization/update", input);
}

export function useUpdateOrganization(): UseMutationResult<WireOrganization, Error, UpdateOrganizationInput> {
  return useOrganizationMutation("update-organization", updateOrganization);
}
