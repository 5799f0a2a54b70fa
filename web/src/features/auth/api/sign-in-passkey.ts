import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { WireSessionResult } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { PasskeysUnsupportedError } from "../../../lib/auth-errors.js";

/** POST /passkey/generate-authenticate-options: with an email, only that person's passkeys. */
export function getPasskeyAuthenticationOptions(client: AuthClient, email?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return client.request<PublicKeyCredentialRequestOptionsJSON>("/passkey/generate-authenticate-options", email ? { email } : {});
}

export function verifyPasskeyAuthentication(client: AuthClient, response: unknown): Promise<WireSessionResult> {
  return client.request<WireSessionResult>("/passkey/verify-authentication", { response });
}

/**
 * @simplewebauthn/browser, fetched when a passkey ceremony starts (the autofill one starts as
 * /login renders): not part of /login's first load.
 */
export function loadWebAuthnBrowser(): Promise<typeof import("@simplewebauthn/browser")> {
  return import("@simplewebauthn/browser");
}

/** The whole ceremony: options, the authenticator (or the autofill prompt), verification. */
export async function signInWithPasskey(client: AuthClient, input: { email?: string; autofill?: boolean }): Promise<WireSessionResult> {
  const { browserSupportsWebAuthn, startAuthentication } = await loadWebAuthnBrowser();
  if (!browserSupportsWebAuthn()) throw new PasskeysUnsupportedError("Your browser doesn't support passkeys.");
  const optionsJSON = await getPasskeyAuthenticationOptions(client, input.autofill ? undefined : input.email);
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: input.autofill === true });
  return verifyPasskeyAuthentication(client, response);
}

export function useSignInWithPasskey(): UseMutationResult<WireSessionResult, Error, { email?: string; autofill?: boolean }> {
  const client = useAuthClient();
  // No retry: a WebAuthn ceremony needs the person's gesture each time.
  return useMutation({ mutationKey: ["auth", "sign-in-passkey"], meta: { signIn: true }, retry: 0, mutationFn: (input) => signInWithPasskey(client, input) });
}
