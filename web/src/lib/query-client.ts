import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isAuthError, isRemoteCallUnauthorized } from "./auth-errors.js";

/** Spec §9: query defaults. */
const QUERY_STALE_MS = 120_000;
const QUERY_GC_MS = 300_000;
const QUERY_RETRIES = 3;
const QUERY_MAX_RETRY_DELAY_MS = 30_000;
const MUTATION_RETRIES = 1;
export const MUTATION_RETRY_DELAY_MS = 1_000;
/** Spec §9: remote-call (tRPC) queries work offline-first. */
export const REMOTE_CALL_NETWORK_MODE = "offlineFirst" as const;
/** Spec §3: the session check result is cached under auth/session; every auth query starts with "auth". */
export const AUTH_QUERY_ROOT = ["auth"] as const;

/** Delay before retry `n` (0-based): min(1000·2^n, 30000) ms. */
export function queryRetryDelay(n: number): number {
  return Math.min(1_000 * 2 ** n, QUERY_MAX_RETRY_DELAY_MS);
}

/**
 * 3 retries, except for authentication errors: asking again with the same missing session cannot
 * succeed, and spec §8 wants the Authentication Required screen at once.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && !isAuthError(error);
}

export interface AppQueryClientHooks {
  /** Spec §8: an authentication error; cached auth queries are already removed. */
  onAuthError?: (error: unknown) => void;
  /** Spec §8: remote-call UNAUTHORIZED (or a 401 message): the browser goes to /login. */
  onRemoteCallUnauthorized?: (error: unknown) => void;
  /** Spec §8: errors and failed mutations are logged to the console. */
  log?: (message: string, error: unknown) => void;
}

export function createAppQueryClient(hooks: AppQueryClientHooks = {}): QueryClient {
  const log = hooks.log ?? ((message: string, error: unknown) => console.error(message, error));
  let client: QueryClient | null = null;
  function handle(error: unknown): void {
    if (isRemoteCallUnauthorized(error)) {
      hooks.onRemoteCallUnauthorized?.(error);
    } else if (isAuthError(error)) {
      client?.removeQueries({ queryKey: AUTH_QUERY_ROOT });
      hooks.onAuthError?.(error);
    }
  }
  client = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        log(`query ${JSON.stringify(query.queryKey)} failed`, error);
        handle(error);
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        log(`mutation ${JSON.stringify(mutation.options.mutationKey ?? [])} failed`, error);
        // A refused sign-in is not a lost session: the sign-in screen shows its own message.
        if (mutation.options.meta?.signIn !== true) handle(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // Spec §8: a failed query shows an error screen (the nearest boundary decides which).
        throwOnError: true,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < MUTATION_RETRIES && !isAuthError(error) && !isClientError(error),
        retryDelay: MUTATION_RETRY_DELAY_MS,
      },
    },
  });
  return client;
}

// A 4xx answer is final: retrying "Invalid password" would only repeat it. The auth client's
// errors carry `status`; a tRPC error carries it as `data.httpStatus` (a refused plan change).
function isClientError(error: unknown): boolean {
  const record = error as { status?: unknown; data?: { httpStatus?: unknown } | null } | null;
  const status = typeof record?.status === "number" ? record.status : record?.data?.httpStatus;
  return typeof status === "number" && status >= 400 && status < 500;
}
