import { useInfiniteQuery } from "@tanstack/react-query";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useTRPC } from "../../../lib/trpc.js";
import { eventsInput, type AuditFilters } from "./audit-filters.js";

/** Rows per page of the Reports table (the procedure allows 1..100). */
export const EVENTS_PAGE_SIZE = 25;

/**
 * audit.events, paged by the server's cursor: each "Load more" asks for the page after the last
 * one. A change of filters is a new query (its key holds the filters), starting from the top.
 */
// The result type is inferred from the procedure.
export function useAuditEvents(filters: AuditFilters, options: { enabled: boolean; pageSize?: number }) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.audit.events.infiniteQueryOptions(eventsInput(filters, options.pageSize ?? EVENTS_PAGE_SIZE), {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
    enabled: options.enabled,
    networkMode: REMOTE_CALL_NETWORK_MODE,
    throwOnError: false,
  });
}
