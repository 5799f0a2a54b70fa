import { queryOptions, useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from "@tanstack/react-query";
import type { WireApiKey, WireApiKeyList, WireCreatedApiKey } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";

/** Whose keys: the person's own, or an organization's (owners and admins). Never both at once. */
export type ApiKeyScope = { kind: "personal" } | { kind: "organization"; organizationId: string };

export function apiKeysQueryKey(scope: ApiKeyScope): readonly unknown[] {
  return scope.kind === "personal" ? ["auth", "api-keys"] : ["auth", "api-keys", scope.organizationId];
}

/**
 * A refusal because the person no longer owns or administers the organization (a role changed
 * elsewhere), or because its two-factor rule now stops them: the signed-in session is fine, so
 * it must not read as a lost session.
 */
function isLostOrganizationAccess(error: unknown): boolean {
  return (
    error instanceof AuthRequestError &&
    error.status === 403 &&
    ["INSUFFICIENT_API_KEY_PERMISSIONS", "USER_NOT_MEMBER_OF_ORGANIZATION", "TWO_FACTOR_REQUIRED_BY_ORGANIZATION"].includes(error.code ?? "")
  );
}

async function keepingSession<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isLostOrganizationAccess(error)) throw new Error("Only the organization's owners and admins manage its API keys.");
    throw error;
  }
}

/** GET /api-key/list (with organizationId for an organization's keys); null once access is lost. */
export async function listApiKeys(client: AuthClient, scope: ApiKeyScope): Promise<WireApiKeyList | null> {
  try {
    return await client.request<WireApiKeyList>("/api-key/list", undefined, {
      query: { organizationId: scope.kind === "organization" ? scope.organizationId : undefined, sortDirection: "desc" },
    });
  } catch (error) {
    if (isLostOrganizationAccess(error)) return null;
    throw error;
  }
}

export function useApiKeys(scope: ApiKeyScope): UseQueryResult<WireApiKeyList | null> {
  const client = useAuthClient();
  return useQuery(queryOptions({ queryKey: apiKeysQueryKey(scope), queryFn: () => listApiKeys(client, scope) }));
}

export interface NewApiKeyInput {
  name: string;
  /** Seconds; null: never expires. */
  expiresIn: number | null;
  permissions?: Record<string, string[]>;
}

/** POST /api-key/create: the answer is the only time the full key is shown. */
export function createApiKey(client: AuthClient, scope: ApiKeyScope, input: NewApiKeyInput): Promise<WireCreatedApiKey> {
  return client.request<WireCreatedApiKey>("/api-key/create", {
    name: input.name,
    expiresIn: input.expiresIn,
    ...(scope.kind === "organization" ? { organizationId: scope.organizationId, permissions: input.permissions } : {}),
  });
}

function useInvalidatingMutation<TInput, TResult>(scope: ApiKeyScope, name: string, run: (client: AuthClient, input: TInput) => Promise<TResult>) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", name],
    mutationFn: (input: TInput) => keepingSession(run(client, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(scope) }),
  });
}

export function useCreateApiKey(scope: ApiKeyScope): UseMutationResult<WireCreatedApiKey, Error, NewApiKeyInput> {
  return useInvalidatingMutation(scope, "create-api-key", (client, input: NewApiKeyInput) => createApiKey(client, scope, input));
}

/** POST /api-key/update {keyId, enabled}. */
export function useSetApiKeyEnabled(scope: ApiKeyScope): UseMutationResult<WireApiKey, Error, { keyId: string; enabled: boolean }> {
  return useInvalidatingMutation(scope, "update-api-key", (client, input: { keyId: string; enabled: boolean }) =>
    client.request<WireApiKey>("/api-key/update", input),
  );
}

/** POST /api-key/delete {keyId}. */
export function useDeleteApiKey(scope: ApiKeyScope): UseMutationResult<{ success: boolean }, Error, { keyId: string }> {
  return useInvalidatingMutation(scope, "delete-api-key", (client, input: { keyId: string }) => client.request<{ success: boolean }>("/api-key/delete", input));
}
