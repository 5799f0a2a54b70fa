import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { messageForCode } from "../../../lib/messages-by-code.js";
import { AUTH_QUERY_ROOT } from "../../../lib/query-client.js";

/** Every organization query lives under this root: one invalidation refreshes the Users page. */
export const ORGANIZATION_QUERY_ROOT = ["auth", "organization"] as const;

/**
 * A 403 with a code from an organization call: the session is fine, the matrix (spec §6) or the
 * invitation's recipient rule said no. It carries the server's words but no 401/403 status, so
 * the query client does not mistake it for a lost session (spec §8's Authentication Required
 * screen) and the control that asked shows the message instead. A lost session answers 401.
 */
export class OrganizationRefusalError extends Error {
  override readonly name = "OrganizationRefusalError";
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** The auth client's request, with organization refusals turned into `OrganizationRefusalError`. */
export async function organizationRequest<T>(client: AuthClient, path: string, body?: unknown, query?: Record<string, string | undefined>): Promise<T> {
  try {
    return await client.request<T>(path, body, query ? { query } : {});
  } catch (error) {
    if (error instanceof AuthRequestError && error.status === 403 && error.code) {
      throw new OrganizationRefusalError(error.code, error.message);
    }
    throw error;
  }
}

/** The message a control shows for a failed organization call: the table's sentence for its code, else the server's words. */
export function organizationActionError(error: unknown): string {
  return error instanceof OrganizationRefusalError ? (messageForCode(error.code) ?? error.message) : actionErrorMessage(error);
}

/**
 * A mutation of the organization data: after it settles (success or refusal) every auth query is
 * refetched that is on screen: the Users page's, the organization list and the session (whose
 * active organization may have changed). The shared root, because features do not import one
 * another's keys.
 */
export function useOrganizationMutation<TInput, TResult>(
  name: string,
  call: (client: AuthClient, input: TInput) => Promise<TResult>,
): UseMutationResult<TResult, Error, TInput> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const retryByDefault = queryClient.getDefaultOptions().mutations?.retry;
  return useMutation({
    mutationKey: [...ORGANIZATION_QUERY_ROOT, name],
    // A refusal is final, like any 4xx answer (the default rule reads the status this error hides).
    retry: (failureCount, error) => {
      if (error instanceof OrganizationRefusalError) return false;
      if (typeof retryByDefault === "function") return retryByDefault(failureCount, error);
      return typeof retryByDefault === "number" ? failureCount < retryByDefault : retryByDefault === true;
    },
    mutationFn: (input: TInput) => call(client, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTH_QUERY_ROOT }),
  });
}
