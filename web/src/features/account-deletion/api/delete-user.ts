import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export interface DeleteUserAnswer {
  success: boolean;
  /** "User deleted" or "Verification email sent" (spec §7). */
  message: string;
}

/**
 * Spec §7 POST /delete-user {password?, callbackURL?}. Without a password the session must be
 * fresh, or the server mails a confirmation link (spec §5).
 */
export function deleteUser(client: AuthClient, input: { password?: string; callbackURL: string }): Promise<DeleteUserAnswer> {
  return client.request<DeleteUserAnswer>("/delete-user", input);
}

export function useDeleteUser(): UseMutationResult<DeleteUserAnswer, Error, { password?: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "delete-user"],
    mutationFn: ({ password }) => deleteUser(client, { ...(password ? { password } : {}), callbackURL: "/login" }),
  });
}
