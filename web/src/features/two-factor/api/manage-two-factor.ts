import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { AUTH_QUERY_ROOT } from "../../../lib/query-client.js";

export interface EnabledTwoFactor {
  totpURI: string;
  backupCodes: string[];
}

/**
 * What the management calls send: the password, or nothing for a person without one (better-auth's
 * allowPasswordless body; the server then asks for a recent sign-in, 403 SESSION_NOT_FRESH).
 */
export interface PasswordProof {
  password?: string;
}

/** POST /two-factor/enable {password?}: a new secret (as an otpauth URI) and ten backup codes. */
export function enableTwoFactor(client: AuthClient, input: PasswordProof): Promise<EnabledTwoFactor> {
  return client.request<EnabledTwoFactor>("/two-factor/enable", input);
}

/** POST /two-factor/verify-totp {code} while signed in: the first valid code turns two-factor on. */
export function confirmTwoFactor(client: AuthClient, input: { code: string }): Promise<unknown> {
  return client.request<unknown>("/two-factor/verify-totp", input);
}

/** POST /two-factor/generate-backup-codes {password?}: ten new codes; the old ones stop working. */
export function regenerateBackupCodes(client: AuthClient, input: PasswordProof): Promise<{ backupCodes: string[] }> {
  return client.request<{ backupCodes: string[] }>("/two-factor/generate-backup-codes", input);
}

/** POST /two-factor/disable {password?}. */
export function disableTwoFactor(client: AuthClient, input: PasswordProof): Promise<unknown> {
  return client.request<unknown>("/two-factor/disable", input);
}

export function useEnableTwoFactor(): UseMutationResult<EnabledTwoFactor, Error, PasswordProof> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "two-factor", "enable"], mutationFn: (input) => enableTwoFactor(client, input) });
}

export function useConfirmTwoFactor(): UseMutationResult<unknown, Error, { code: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "two-factor", "confirm"],
    // A wrong code answers 401: a refused code, not a lost session.
    meta: { signIn: true },
    mutationFn: (input) => confirmTwoFactor(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_QUERY_ROOT }),
  });
}

export function useRegenerateBackupCodes(): UseMutationResult<{ backupCodes: string[] }, Error, PasswordProof> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "two-factor", "backup-codes"], mutationFn: (input) => regenerateBackupCodes(client, input) });
}

export function useDisableTwoFactor(): UseMutationResult<unknown, Error, PasswordProof> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "two-factor", "disable"],
    mutationFn: (input) => disableTwoFactor(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_QUERY_ROOT }),
  });
}
