import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { actionErrorMessage, AuthRequestError } from "../../../lib/auth-errors.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { isRemoteCallQueryKey } from "../../../lib/trpc.js";

/**
 * A 403 with a code from an admin call (YOU_CANNOT_IMPERSONATE_ADMINS, BANNED_USER, …): the
 * admin's session is fine, the rule said no. Without the 401/403 status the query client does
 * not take it for a lost session (spec §8); the control shows the server's words.
 */
export class AdminRefusalError extends Error {
  override readonly name = "AdminRefusalError";
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export async function adminRequest<T>(client: AuthClient, path: string, body?: unknown): Promise<T> {
  try {
    return await client.request<T>(path, body);
  } catch (error) {
    if (error instanceof AuthRequestError && error.status === 403 && error.code) throw new AdminRefusalError(error.code, error.message);
    throw error;
  }
}

export function adminActionError(error: unknown): string {
  return error instanceof AdminRefusalError ? error.message : actionErrorMessage(error);
}

/**
 * One admin action on /api/auth/admin/*: a refusal is final (not retried), and afterwards the
 * console's remote calls (the table, the person's page, the counts) are asked again.
 */
export function useAdminMutation<TInput, TResult>(
  name: string,
  call: (client: AuthClient, input: TInput) => Promise<TResult>,
): UseMutationResult<TResult, Error, TInput> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "admin", name],
    retry: (failureCount, error) => !(error instanceof AdminRefusalError) && !(error instanceof AuthRequestError) && failureCount < 1,
    mutationFn: (input: TInput) => call(client, input),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isRemoteCallQueryKey(query.queryKey) }),
  });
}
