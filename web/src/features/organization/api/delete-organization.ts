import type { UseMutationResult } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";
import { listOrganizations } from "./list-organizations.js";
import { setActiveOrganization } from "./set-active-organization.js";

export interface DeleteOrganizationInput {
  organizationId: string;
}

/** POST /organization/delete {organizationId}: the organization, its members, invitations and teams. */
export function deleteOrganization(client: AuthClient, input: DeleteOrganizationInput): Promise<WireOrganization> {
  return organizationRequest<WireOrganization>(client, "/organization/delete", input);
}

/**
 * Deletes the organization, then works on in another of the person's organizations when they have
 * one (issue 48: deleting one landed on "No active organization" even with others left).
 */
async function deleteOrganizationAndMoveOn(client: AuthClient, input: DeleteOrganizationInput): Promise<WireOrganization> {
  const deleted = await deleteOrganization(client, input);
  const next = (await listOrganizations(client)).find((organization) => organization.id !== input.organizationId);
  if (next) await setActiveOrganization(client, { organizationId: next.id });
  return deleted;
}

/** `onDeleted` runs as soon as the organization is gone, even if the page showing the button is replaced meanwhile. */
export function useDeleteOrganization(onDeleted?: () => void): UseMutationResult<WireOrganization, Error, DeleteOrganizationInput> {
  return useOrganizationMutation("delete-organization", async (client: AuthClient, input: DeleteOrganizationInput) => {
    const deleted = await deleteOrganizationAndMoveOn(client, input);
    onDeleted?.();
    return deleted;
  });
}
