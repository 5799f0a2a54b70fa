import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import type { WireUser } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { AUTH_QUERY_ROOT } from "../../../lib/query-client.js";

/** How the person answers the second step: their app, a backup code, or a mailed code. */
export type SecondStepMethod = "totp" | "backup-code" | "otp";

const PATHS: Record<SecondStepMethod, string> = {
  totp: "/two-factor/verify-totp",
  "backup-code": "/two-factor/verify-backup-code",
  otp: "/two-factor/verify-otp",
};

export interface SecondStepInput {
  method: SecondStepMethod;
  code: string;
  trustDevice: boolean;
}

/** Completes the pending sign-in of this browser (its HttpOnly two_factor cookie): `{ token, user }`. */
export function verifySecondStep(client: AuthClient, input: SecondStepInput): Promise<{ token: string; user: WireUser }> {
  return client.request<{ token: string; user: WireUser }>(PATHS[input.method], { code: input.code.trim(), trustDevice: input.trustDevice });
}

/** POST /two-factor/send-otp: mails a code for this browser's pending sign-in. */
export function sendSecondStepCode(client: AuthClient): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/two-factor/send-otp", {});
}

export function useVerifySecondStep(): UseMutationResult<{ token: string; user: WireUser }, Error, SecondStepInput> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "two-factor", "verify"],
    // A wrong code is a refused sign-in: the page shows it, no Authentication Required screen.
    meta: { signIn: true },
    mutationFn: (input) => verifySecondStep(client, input),
    // Spec §4: the session is read again after a sign-in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_QUERY_ROOT }),
  });
}

export function useSendSecondStepCode(): UseMutationResult<{ status: boolean }, Error, void> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "two-factor", "send-otp"], meta: { signIn: true }, mutationFn: () => sendSecondStepCode(client) });
}
