import type { UseMutationResult } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface SetActiveOrganizationInput {
  organizationId: string;
}

/** POST /organization/set-active {organizationId}: the session's active organization (the switcher). */
export function setActiveOrganization(client: AuthClient, input: SetActiveOrganizationInput): Promise<WireOrganization | null> {
  return organizationRequest<WireOrganization | null>(client, "/organization/set-active", input);
}

export function useSetActiveOrganization(): UseMutationResult<WireOrganization | null, Error, SetActiveOrganizationInput> {
  return useOrganizationMutation("set-active-organization", setActiveOrganization);
}
