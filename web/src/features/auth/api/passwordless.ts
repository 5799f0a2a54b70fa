import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/**
 * MAGIC_LINK: POST /sign-in/magic-link, as better-auth's magicLinkClient sends it. The mailed link
 * signs the person in and goes on to `callbackURL` (a new account to `newUserCallbackURL`); a used
 * or expired one comes back to `errorCallbackURL` with ?error=INVALID_TOKEN.
 */
export function sendMagicLink(client: AuthClient, input: { email: string; callbackURL: string }): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/sign-in/magic-link", { email: input.email, callbackURL: input.callbackURL, errorCallbackURL: "/login" });
}

export function useSendMagicLink(): UseMutationResult<{ status: boolean }, Error, { email: string; callbackURL: string }> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "magic-link"], retry: 0, mutationFn: (input) => sendMagicLink(client, input) });
}

/** EMAIL_OTP: POST /email-otp/send-verification-otp {email, type}, as better-auth's emailOTPClient sends it. */
export function sendEmailCode(client: AuthClient, input: { email: string; type: "sign-in" | "email-verification" }): Promise<{ success: boolean }> {
  return client.request<{ success: boolean }>("/email-otp/send-verification-otp", input);
}

export function useSendEmailCode(): UseMutationResult<{ success: boolean }, Error, { email: string; type: "sign-in" | "email-verification" }> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "email-otp-send"], retry: 0, mutationFn: (input) => sendEmailCode(client, input) });
}

/** POST /sign-in/email-otp {email, otp}: the session cookie comes with the answer. */
export function useSignInWithEmailCode(): UseMutationResult<{ token: string }, Error, { email: string; otp: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "sign-in-email-otp"],
    meta: { signIn: true },
    retry: 0,
    mutationFn: (input) => client.request<{ token: string }>("/sign-in/email-otp", input),
  });
}

/** POST /email-otp/verify-email {email, otp}: the check-your-inbox step after sign-up. */
export function useVerifyEmailWithCode(): UseMutationResult<{ status: boolean }, Error, { email: string; otp: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "email-otp-verify"],
    retry: 0,
    mutationFn: (input) => client.request<{ status: boolean }>("/email-otp/verify-email", input),
  });
}
