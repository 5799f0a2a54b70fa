import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** Spec §7 POST /reset-password {newPassword, token}. */
export function resetPassword(client: AuthClient, input: { newPassword: string; token: string }): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/reset-password", input);
}

export function useResetPassword(): UseMutationResult<{ status: boolean }, Error, { newPassword: string; token: string }> {
  const client = useAuthClient();
  // A used or expired token is an answer: no retry.
  return useMutation({ mutationKey: ["auth", "reset-password"], retry: 0, mutationFn: (input) => resetPassword(client, input) });
}
