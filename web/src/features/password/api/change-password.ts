import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** Spec §7 POST /change-password {newPassword, currentPassword, revokeOtherSessions?}. */
export function changePassword(client: AuthClient, input: ChangePasswordInput): Promise<{ token: string | null }> {
  return client.request<{ token: string | null }>("/change-password", input);
}

export function useChangePassword(): UseMutationResult<{ token: string | null }, Error, ChangePasswordInput> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "change-password"],
    mutationFn: (input) => changePassword(client, input),
    // Revoking the others replaces this session too: read it and the list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["auth"] }),
  });
}
