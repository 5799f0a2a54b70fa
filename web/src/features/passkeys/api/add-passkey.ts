import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { PasskeysUnsupportedError } from "../../../lib/auth-errors.js";
import { PASSKEYS_QUERY_KEY, type PasskeyView } from "./list-passkeys.js";

/** GET /passkey/generate-register-options, the authenticator, then POST /passkey/verify-registration. */
export async function addPasskey(client: AuthClient, name: string): Promise<PasskeyView> {
  if (!browserSupportsWebAuthn()) throw new PasskeysUnsupportedError("Your browser doesn't support passkeys.");
  const optionsJSON = await client.request<PublicKeyCredentialCreationOptionsJSON>("/passkey/generate-register-options", undefined, {
    query: { name: name || undefined },
  });
  const response = await startRegistration({ optionsJSON });
  return client.request<PasskeyView>("/passkey/verify-registration", { response, name: name || undefined });
}

export function useAddPasskey(): UseMutationResult<PasskeyView, Error, { name: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "add-passkey"],
    retry: 0, // a WebAuthn ceremony needs the person's gesture each time
    mutationFn: ({ name }) => addPasskey(client, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
