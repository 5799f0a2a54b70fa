import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from "@tanstack/react-query";
import { useAuthClient } from "../../../lib/auth-client.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";

/** What the consent screen shows of an app (GET /oauth2/public-client): never its secret. */
export interface PublicApp {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
}

/** A person's approval of an app (GET /oauth2/get-consents). */
export interface AppApproval {
  id: string;
  clientId: string;
  scopes: string[];
  createdAt: string;
  updatedAt: string;
}

export function usePublicApp(clientId: string | null): UseQueryResult<PublicApp> {
  const client = useAuthClient();
  return useQuery({
    queryKey: ["auth", "oauth2", "public-client", clientId],
    queryFn: () => client.request<PublicApp>("/oauth2/public-client", undefined, { query: { client_id: clientId ?? "" } }),
    enabled: clientId !== null,
    retry: false,
    // The consent screen says itself when the app is unknown.
    throwOnError: false,
  });
}

/** POST /oauth2/consent: the person's answer; the browser then goes to the answer's url (the app, with a code or a refusal). */
export function useAnswerConsent(): UseMutationResult<{ redirect: boolean; url: string }, Error, { accept: boolean; oauthQuery: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ accept, oauthQuery }) => client.request<{ redirect: boolean; url: string }>("/oauth2/consent", { accept, oauth_query: oauthQuery }),
  });
}

/** The person's approvals; null when the server is no OpenID provider (OIDC_PROVIDER=off answers 404). */
export function useAppApprovals(): UseQueryResult<AppApproval[] | null> {
  const client = useAuthClient();
  return useQuery({
    queryKey: ["auth", "oauth2", "consents"],
    queryFn: async () => {
      try {
        return await client.request<AppApproval[]>("/oauth2/get-consents");
      } catch (error) {
        if (error instanceof AuthRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /oauth2/delete-consent: the app loses its approval and every token it holds for the person. */
export function useDisconnectApp(): UseMutationResult<unknown, Error, string> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.request("/oauth2/delete-consent", { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["auth", "oauth2", "consents"] }),
  });
}
