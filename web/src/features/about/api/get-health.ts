import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";

export interface Health {
  ok: boolean;
  /** Round trip in milliseconds, measured by this page. */
  latencyMs: number;
}

/** GET /healthz: the server's liveness answer. */
export async function getHealth(): Promise<Health> {
  const started = performance.now();
  const response = await fetch("/healthz", { cache: "no-store" });
  const body = (await response.json()) as { ok?: unknown };
  return { ok: response.ok && body.ok === true, latencyMs: Math.round(performance.now() - started) };
}

export function getHealthQueryOptions() {
  return queryOptions({ queryKey: ["health"], queryFn: getHealth, staleTime: 0, throwOnError: false });
}

export function useHealth(): UseQueryResult<Health> {
  return useQuery(getHealthQueryOptions());
}
