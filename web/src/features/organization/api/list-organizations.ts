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

/**
 * The switcher's list: a failure shows in the switcher, it does not take the page down. It lives
 * in the navigation bar, mounted on every page and beside the Authentication Required screen, so
 * it asks only when `canLoad()` says the session check has settled on a signed-in person:
 * otherwise its 401 after a lost session would race the guard's redirect to /login (spec §2)
 * with a second Authentication Required. A function, read at fetch time, also when Try Again
 * resets every query at once.
 */
export function useOrganizations(canLoad: () => boolean): UseQueryResult<WireOrganization[]> {
  // `false` while it cannot load, so the render that finds it can is a change the query sees and
  // acts on (issue 48: a function alone was read again for the previous options too, found true
  // both times, and the list emptied by impersonation was never asked again).
  return useQuery({ ...getOrganizationsQueryOptions(useAuthClient()), throwOnError: false, enabled: canLoad() ? () => canLoad() : false });
}
