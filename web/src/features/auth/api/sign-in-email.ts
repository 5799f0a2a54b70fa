import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** POST /sign-in/email's answer; `twoFactorRedirect` when the person must still pass a second factor. */
export interface EmailSignInAnswer {
  redirect?: boolean;
  token?: string | null;
  url?: string | null;
  twoFactorRedirect?: boolean;
}

/** Spec §7 POST /sign-in/email {email, password, callbackURL?, rememberMe?}. */
export function signInEmail(client: AuthClient, input: { email: string; password: string; rememberMe: boolean }): Promise<EmailSignInAnswer> {
  return client.request<EmailSignInAnswer>("/sign-in/email", input);
}

export function useSignInEmail(): UseMutationResult<EmailSignInAnswer, Error, { email: string; password: string; rememberMe: boolean }> {
  const client = useAuthClient();
  // A wrong password is an answer, not a failure to retry.
  return useMutation({ mutationKey: ["auth", "sign-in-email"], meta: { signIn: true }, retry: 0, mutationFn: (input) => signInEmail(client, input) });
}
