import { useQuery, useQueryClient, useMutation, type UseMutationResult, type UseQueryResult } from "@tanstack/react-query";
import { useAuthClient } from "../../../lib/auth-client.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { adminRequest } from "./admin-request.js";

/** A registered app as the provider's management endpoints answer it (RFC 7591 names). */
export interface OAuthApp {
  client_id: string;
  client_secret?: string;
  client_name?: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  token_endpoint_auth_method: string;
  grant_types: string[];
  client_credentials_scopes: string[];
  skip_consent: boolean;
  enable_end_session: boolean;
  public: boolean;
  client_id_issued_at: number;
}

/** Who approved an app (GET /admin/oauth2/client-consents). */
export interface OAuthAppGrant {
  id: string;
  userEmail: string;
  userName: string;
  scopes: string[];
  updatedAt: string;
}

export interface NewOAuthApp {
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: "client_secret_basic" | "none";
  grant_types: string[];
  client_credentials_scopes?: string[];
  skip_consent: boolean;
  enable_end_session: boolean;
  post_logout_redirect_uris: string[];
  /** Absent: EdDSA, the provider's default. */
  id_token_signed_response_alg?: "RS256" | "ES256";
}

const APPS_KEY = ["auth", "oauth2", "admin-apps"] as const;

/** The registered apps; null when the server is no OpenID provider (OIDC_PROVIDER=off answers 404). */
export function useOAuthApps(): UseQueryResult<OAuthApp[] | null> {
  const client = useAuthClient();
  return useQuery({
    queryKey: APPS_KEY,
    queryFn: async () => {
      try {
        return await adminRequest<OAuthApp[]>(client, "/oauth2/get-clients");
      } catch (error) {
        if (error instanceof AuthRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useOAuthAppGrants(clientId: string): UseQueryResult<OAuthAppGrant[]> {
  const client = useAuthClient();
  return useQuery({
    queryKey: [...APPS_KEY, clientId, "grants"],
    queryFn: () => client.request<OAuthAppGrant[]>("/admin/oauth2/client-consents", undefined, { query: { client_id: clientId } }),
    // One row's approvals failing says so in the row, not in an error screen.
    throwOnError: false,
  });
}

/** An app change; the list is read again after it. Answers the app (with its secret, once, after create and rotate). */
function useAppChange<TInput>(
  call: (input: TInput) => Promise<OAuthApp | { success: boolean }>,
): UseMutationResult<OAuthApp | { success: boolean }, Error, TInput> {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: APPS_KEY }) });
}

export function useRegisterApp(): UseMutationResult<OAuthApp | { success: boolean }, Error, NewOAuthApp> {
  const client = useAuthClient();
  return useAppChange((input: NewOAuthApp) => adminRequest<OAuthApp>(client, "/admin/oauth2/create-client", input));
}

export function useRotateAppSecret(): UseMutationResult<OAuthApp | { success: boolean }, Error, string> {
  const client = useAuthClient();
  return useAppChange((clientId: string) => adminRequest<OAuthApp>(client, "/oauth2/client/rotate-secret", { client_id: clientId }));
}

export function useDeleteApp(): UseMutationResult<OAuthApp | { success: boolean }, Error, string> {
  const client = useAuthClient();
  return useAppChange((clientId: string) => adminRequest<{ success: boolean }>(client, "/oauth2/delete-client", { client_id: clientId }));
}
