import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** The web app's page the mailed link lands on (through GET /api/auth/reset-password/{token}, spec §2). */
export const RESET_PASSWORD_PAGE = "/reset-password";

/** Spec §7 POST /request-password-reset {email, redirectTo?}: the same answer whether or not the address is known. */
export function requestPasswordReset(client: AuthClient, email: string): Promise<{ status: boolean; message?: string }> {
  return client.request<{ status: boolean; message?: string }>("/request-password-reset", { email, redirectTo: RESET_PASSWORD_PAGE });
}

export function useRequestPasswordReset(): UseMutationResult<{ status: boolean; message?: string }, Error, { email: string }> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "request-password-reset"], mutationFn: ({ email }) => requestPasswordReset(client, email) });
}
