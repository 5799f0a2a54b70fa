import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireInvitationDetail } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { ORGANIZATION_QUERY_ROOT, organizationRequest } from "./organization-request.js";

export function invitationQueryKey(id: string) {
  return [...ORGANIZATION_QUERY_ROOT, "invitation", id] as const;
}

/** GET /organization/get-invitation?id=: the invitation the mailed link names (invited person only). */
export function getInvitation(client: AuthClient, id: string): Promise<WireInvitationDetail> {
  return organizationRequest<WireInvitationDetail>(client, "/organization/get-invitation", undefined, { id });
}

export function getInvitationQueryOptions(client: AuthClient, id: string) {
  // An unknown, used, expired or someone else's invitation is an answer, not a passing failure.
  return queryOptions({ queryKey: invitationQueryKey(id), queryFn: () => getInvitation(client, id), retry: false });
}

/** The accept page shows a refusal itself ("Invitation not found", "not the recipient"). */
export function useInvitation(id: string): UseQueryResult<WireInvitationDetail> {
  return useQuery({ ...getInvitationQueryOptions(useAuthClient(), id), throwOnError: false });
}
