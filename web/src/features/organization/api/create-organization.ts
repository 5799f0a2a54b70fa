import type { UseMutationResult } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface CreateOrganizationInput {
  name: string;
  slug: string;
}

/** POST /organization/create {name, slug}: the creator becomes owner and the new organization becomes active. */
export function createOrganization(client: AuthClient, input: CreateOrganizationInput): Promise<WireOrganization> {
  return organizationRequest<WireOrganization>(client, "/organization/create", input);
}

export function useCreateOrganization(): UseMutationResult<WireOrganization, Error, CreateOrganizationInput> {
  return useOrganizationMutation("create-organization", createOrganization);
}
