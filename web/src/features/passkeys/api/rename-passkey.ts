import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { PASSKEYS_QUERY_KEY } from "./list-passkeys.js";

/** POST /passkey/update-passkey {id, name}. */
export function renamePasskey(client: AuthClient, input: { id: string; name: string }): Promise<unknown> {
  return client.request<unknown>("/passkey/update-passkey", input);
}

export function useRenamePasskey(): UseMutationResult<unknown, Error, { id: string; name: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "rename-passkey"],
    mutationFn: (input) => renamePasskey(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
