import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireFullOrganization } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { ORGANIZATION_QUERY_ROOT, OrganizationRefusalError, organizationRequest } from "./organization-request.js";

export const FULL_ORGANIZATION_QUERY_KEY = [...ORGANIZATION_QUERY_ROOT, "full"] as const;

/** GET /organization/get-full-organization: the active organization with members, invitations, teams; null without one. */
export function getFullOrganization(client: AuthClient): Promise<WireFullOrganization | null> {
  return organizationRequest<WireFullOrganization | null>(client, "/organization/get-full-organization");
}

export function getFullOrganizationQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: FULL_ORGANIZATION_QUERY_KEY, queryFn: () => getFullOrganization(client) });
}

/**
 * A refetch refused because the organization's two-factor rule now stops the viewer (an owner
 * just turned it on) keeps the answer it had: the page's gate reads the rule from the
 * organization list and takes the page away; any other failure is the error screen's.
 */
export function useFullOrganization(): UseQueryResult<WireFullOrganization | null> {
  return useQuery({
    ...getFullOrganizationQueryOptions(useAuthClient()),
    throwOnError: (error) => !(error instanceof OrganizationRefusalError && error.code === "TWO_FACTOR_REQUIRED_BY_ORGANIZATION"),
  });
}
