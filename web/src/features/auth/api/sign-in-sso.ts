import { useMutation, useQuery, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient } from "../../../lib/auth-client.js";

/** The domain of a typed address once it looks whole ("erin@acme.test" → "acme.test"); null before. */
export function domainOfTyped(email: string): string | null {
  const match = /^[^\s@]+@([^\s@]+\.[a-z]{2,})$/i.exec(email.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * POST /sso/domain-lookup {domain}: the organization whose verified domain this is, when it signs
 * its people in through its own identity provider. Only the domain is sent, never the address,
 * and the answer is the same whoever types it (no account is told of). Asked once per domain.
 */
export function useSsoDomain(domain: string | null): string | null {
  const client = useAuthClient();
  const { data } = useQuery({
    queryKey: ["auth", "sso-domain", domain],
    queryFn: () => client.request<{ organizationName: string | null }>("/sso/domain-lookup", { domain }),
    enabled: domain !== null,
    staleTime: Infinity,
    retry: false,
  });
  return domain === null ? null : (data?.organizationName ?? null);
}

/** POST /sign-in/sso {email}: the organization's identity provider's URL, which the browser then opens. */
export function useSignInSso(): UseMutationResult<void, Error, { email: string; callbackURL: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "sign-in-sso"],
    meta: { signIn: true },
    mutationFn: async ({ email, callbackURL }) => {
      // A refused sign-in comes back to the login screen with ?error=<code>, as a provider's does.
      const answer = await client.request<{ url?: string }>("/sign-in/sso", { email, callbackURL, errorCallbackURL: "/login" });
      if (!answer.url) throw new Error("The server did not return a sign-in address.");
      window.location.assign(answer.url);
    },
  });
}
