import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireFullOrganization } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { ORGANIZATION_QUERY_ROOT, organizationRequest } from "./organization-request.js";

export const FULL_ORGANIZATION_QUERY_KEY = [...ORGANIZATION_QUERY_ROOT, "full"] as const;

/** GET /organization/get-full-organization: the active organization with members, invitations, teams; null without one. */
export function getFullOrganization(client: AuthClient): Promise<WireFullOrganization | null> {
  return organizationRequest<WireFullOrganization | null>(client, "/organization/get-full-organization");
}

export function getFullOrganizationQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: FULL_ORGANIZATION_QUERY_KEY, queryFn: () => getFullOrganization(client) });
}

export function useFullOrganization(): UseQueryResult<WireFullOrganization | null> {
  return useQuery(getFullOrganizationQueryOptions(useAuthClient()));
}
