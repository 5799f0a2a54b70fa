import { queryOptions, useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";

/**
 * A 403 here means the person no longer manages the organization (a role changed, the organization
 * was deleted, its two-factor rule stops them): the session is fine, so it must not read as a lost
 * one (the query client's Authentication Required screen). Lists answer empty; actions say why.
 */
function isLostManagement(error: unknown): boolean {
  return error instanceof AuthRequestError && error.status === 403;
}

async function keepingSession<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isLostManagement(error)) throw new Error((error as Error).message);
    throw error;
  }
}

async function orEmpty<T>(work: Promise<T[]>): Promise<T[]> {
  try {
    return await work;
  } catch (error) {
    if (isLostManagement(error)) return [];
    throw error;
  }
}

/** An organization's identity provider as /sso/providers answers it (never the client secret). */
export interface SsoProvider {
  providerId: string;
  type: "oidc" | "saml";
  issuer: string;
  domain: string;
  organizationId: string;
  domainVerified: boolean;
  redirectURI: string;
  samlConfig?: { callbackUrl: string; spMetadataUrl: string; entryPoint: string };
  oidcConfig?: { clientId: string; scopes: string[] };
}

export type NewSsoProvider =
  | { type: "oidc"; providerId: string; domain: string; issuer: string; clientId: string; clientSecret: string }
  | { type: "saml"; providerId: string; domain: string; issuer: string; entryPoint: string; cert: string; idpEntityID: string };

const providersKey = (organizationId: string): readonly unknown[] => ["auth", "sso-providers", organizationId];

/** GET /sso/providers, narrowed to this organization's. */
export async function listSsoProviders(client: AuthClient, organizationId: string): Promise<SsoProvider[]> {
  const { providers } = await client.request<{ providers: SsoProvider[] }>("/sso/providers");
  return providers.filter((provider) => provider.organizationId === organizationId);
}

export function useSsoProviders(organizationId: string): UseQueryResult<SsoProvider[]> {
  const client = useAuthClient();
  return useQuery(queryOptions({ queryKey: providersKey(organizationId), queryFn: () => orEmpty(listSsoProviders(client, organizationId)) }));
}

/** POST /sso/register: the answer carries the DNS token, shown to the admin to publish. */
export function registerSsoProvider(
  client: AuthClient,
  organizationId: string,
  input: NewSsoProvider,
): Promise<SsoProvider & { domainVerificationToken: string }> {
  const common = { providerId: input.providerId, domain: input.domain, issuer: input.issuer, organizationId };
  const body =
    input.type === "oidc"
      ? { ...common, oidcConfig: { clientId: input.clientId, clientSecret: input.clientSecret } }
      : { ...common, samlConfig: { entryPoint: input.entryPoint, cert: input.cert, idpMetadata: { entityID: input.idpEntityID }, wantAssertionsSigned: true } };
  return client.request("/sso/register", body);
}

function useProvidersMutation<TInput, TResult>(organizationId: string, name: string, run: (client: AuthClient, input: TInput) => Promise<TResult>) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", name],
    mutationFn: (input: TInput) => keepingSession(run(client, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersKey(organizationId) }),
  });
}

export function useRegisterSsoProvider(organizationId: string): UseMutationResult<SsoProvider & { domainVerificationToken: string }, Error, NewSsoProvider> {
  return useProvidersMutation(organizationId, "sso-register", (client, input: NewSsoProvider) => registerSsoProvider(client, organizationId, input));
}

/** POST /sso/request-domain-verification: a new token (201). */
export function useRequestDomainToken(organizationId: string): UseMutationResult<{ domainVerificationToken: string }, Error, string> {
  return useProvidersMutation(organizationId, "sso-domain-token", (client, providerId: string) =>
    client.request<{ domainVerificationToken: string }>("/sso/request-domain-verification", { providerId }),
  );
}

/** POST /sso/verify-domain: 204 when the TXT record holds the token. */
export function useVerifyDomain(organizationId: string): UseMutationResult<unknown, Error, string> {
  return useProvidersMutation(organizationId, "sso-verify-domain", (client, providerId: string) => client.request("/sso/verify-domain", { providerId }));
}

export function useDeleteSsoProvider(organizationId: string): UseMutationResult<unknown, Error, string> {
  return useProvidersMutation(organizationId, "sso-delete", (client, providerId: string) => client.request("/sso/delete-provider", { providerId }));
}

export interface ScimTokenSummary {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const tokensKey = (organizationId: string): readonly unknown[] => ["auth", "scim-tokens", organizationId];

/** GET /scim/list-tokens: the organization's provisioning tokens and their last use (the last sync). */
export function useScimTokens(organizationId: string): UseQueryResult<ScimTokenSummary[]> {
  const client = useAuthClient();
  return useQuery(
    queryOptions({
      queryKey: tokensKey(organizationId),
      queryFn: () =>
        orEmpty(client.request<{ tokens: ScimTokenSummary[] }>("/scim/list-tokens", undefined, { query: { organizationId } }).then((answer) => answer.tokens)),
    }),
  );
}

function useTokensMutation<TInput, TResult>(organizationId: string, name: string, run: (client: AuthClient, input: TInput) => Promise<TResult>) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", name],
    mutationFn: (input: TInput) => keepingSession(run(client, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(organizationId) }),
  });
}

/** POST /scim/generate-token: shown once. */
export function useGenerateScimToken(organizationId: string): UseMutationResult<{ scimToken: string }, Error, void> {
  return useTokensMutation(organizationId, "scim-token", (client) => client.request<{ scimToken: string }>("/scim/generate-token", { organizationId }));
}

/** POST /scim/revoke-token: the directory's requests with it are refused from then on. */
export function useRevokeScimToken(organizationId: string): UseMutationResult<unknown, Error, string> {
  return useTokensMutation(organizationId, "scim-revoke", (client, tokenId: string) => client.request("/scim/revoke-token", { organizationId, tokenId }));
}

/** The TXT record the domain's DNS must hold. */
export function verificationRecordName(provider: Pick<SsoProvider, "providerId" | "domain">): string {
  return `_better-auth-token-${provider.providerId}.${provider.domain}`;
}
