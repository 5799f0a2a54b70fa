import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WirePasskey } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export type PasskeyView = WirePasskey;

export const PASSKEYS_QUERY_KEY = ["auth", "passkeys"] as const;

export function listPasskeys(client: AuthClient): Promise<PasskeyView[]> {
  return client.request<PasskeyView[]>("/passkey/list-user-passkeys");
}

export function getPasskeysQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: PASSKEYS_QUERY_KEY, queryFn: () => listPasskeys(client) });
}

export function usePasskeys(): UseQueryResult<PasskeyView[]> {
  return useQuery(getPasskeysQueryOptions(useAuthClient()));
}
