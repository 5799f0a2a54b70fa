import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { ACCOUNTS_QUERY_KEY } from "./list-accounts.js";

/** Spec §7 POST /unlink-account {providerId, accountId?}; the last account is refused (spec §5). */
export function unlinkAccount(client: AuthClient, input: { providerId: string; accountId: string }): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/unlink-account", input);
}

export function useUnlinkAccount(): UseMutationResult<{ status: boolean }, Error, { providerId: string; accountId: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "unlink-account"],
    mutationFn: (input) => unlinkAccount(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
  });
}
