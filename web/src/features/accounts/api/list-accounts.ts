import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** Spec §3: a linked account as listed to the client. */
export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  scopes: string[];
  createdAt: string;
  updatedAt: string;
}

export const ACCOUNTS_QUERY_KEY = ["auth", "accounts"] as const;

export function listAccounts(client: AuthClient): Promise<LinkedAccount[]> {
  return client.request<LinkedAccount[]>("/list-accounts");
}

export function getAccountsQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: ACCOUNTS_QUERY_KEY, queryFn: () => listAccounts(client) });
}

export function useLinkedAccounts(): UseQueryResult<LinkedAccount[]> {
  return useQuery(getAccountsQueryOptions(useAuthClient()));
}
