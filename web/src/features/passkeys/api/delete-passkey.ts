import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { PASSKEYS_QUERY_KEY } from "./list-passkeys.js";

/** POST /passkey/delete-passkey {id}. */
export function deletePasskey(client: AuthClient, id: string): Promise<unknown> {
  return client.request<unknown>("/passkey/delete-passkey", { id });
}

export function useDeletePasskey(): UseMutationResult<unknown, Error, { id: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "delete-passkey"],
    mutationFn: ({ id }) => deletePasskey(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
