import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export const ORGANIZATIONS_QUERY_KEY = ["auth", "organizations"] as const;

/** Spec §7 GET /organization/list: the organizations the person belongs to. */
export function listOrganizations(client: AuthClient): Promise<WireOrganization[]> {
  return client.request<WireOrganization[]>("/organization/list");
}

export function getOrganizationsQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: ORGANIZATIONS_QUERY_KEY, queryFn: () => listOrganizations(client) });
}

/** The switcher's list: a failure shows in the switcher, it does not take the page down. */
export function useOrganizations(): UseQueryResult<WireOrganization[]> {
  return useQuery({ ...getOrganizationsQueryOptions(useAuthClient()), throwOnError: false });
}
