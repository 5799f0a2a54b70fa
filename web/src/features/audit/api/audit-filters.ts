import { AUDIT_EVENT_TYPES, type AuditEventType, type AuditOutcome } from "@gatehouse/auth-core/shared";
import type { AuditEventsInput, AuditScope } from "./types.js";

/**
 * The Reports page's filters, kept in the address (so a filtered view can be bookmarked and
 * shared) and turned into exactly the same question for the table (audit.events) and for the
 * CSV export (GET /api/reports/events.csv): the download holds the rows the table shows.
 */
export interface AuditFilters {
  scope: AuditScope;
  types: AuditEventType[];
  outcome: AuditOutcome | null;
  method: string | null;
  /** Calendar days (YYYY-MM-DD, UTC, as the analytics days), both included. */
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: AuditFilters = { scope: "self", types: [], outcome: null, method: null, from: null, to: null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string | null {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
}

/** Reads the filters from the address; anything unknown is dropped, never sent. */
export function filtersFromSearch(params: URLSearchParams): AuditFilters {
  const types = (params.get("type") ?? "").split(",").filter((type): type is AuditEventType => (AUDIT_EVENT_TYPES as readonly string[]).includes(type));
  const outcome = params.get("outcome");
  const method = params.get("method")?.trim() ?? "";
  return {
    scope: params.get("scope") === "organization" ? "organization" : "self",
    types: [...new Set(types)],
    outcome: outcome === "success" || outcome === "failure" ? outcome : null,
    method: /^[a-z0-9-]{1,64}$/.test(method) ? method : null,
    from: validDay(params.get("from")),
    to: validDay(params.get("to")),
  };
}

/** The filters as the address and the CSV route spell them (empty filters are left out). */
function filtersToSearch(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set("scope", filters.scope);
  if (filters.types.length > 0) params.set("type", filters.types.join(","));
  if (filters.outcome) params.set("outcome", filters.outcome);
  if (filters.method) params.set("method", filters.method);
  if (filters.from) params.set("from", dayStart(filters.from).toISOString());
  if (filters.to) params.set("to", dayEnd(filters.to).toISOString());
  return params;
}

/** The address of the page: the days stay days. */
export function filtersToPageSearch(filters: AuditFilters): URLSearchParams {
  const params = filtersToSearch({ ...filters, from: null, to: null });
  if (params.get("scope") === "self") params.delete("scope");
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The end of a day as the server reads `to`: exclusive, so the next day's first instant. */
export function dayEnd(day: string): Date {
  return new Date(dayStart(day).getTime() + 86_400_000);
}

/** audit.events' input for these filters (without the cursor, which the pager adds). */
export function eventsInput(filters: AuditFilters, limit: number): Omit<AuditEventsInput, "cursor"> {
  return {
    scope: filters.scope,
    limit,
    ...(filters.types.length > 0 ? { types: filters.types } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.method ? { method: filters.method } : {}),
    ...(filters.from ? { from: dayStart(filters.from) } : {}),
    ...(filters.to ? { to: dayEnd(filters.to) } : {}),
  };
}

const EVENTS_CSV_PATH = "/api/reports/events.csv";

/** The CSV export of exactly these filters (all pages), with the session cookie. */
export function eventsCSVURL(filters: AuditFilters): string {
  return `${EVENTS_CSV_PATH}?${filtersToSearch(filters).toString()}`;
}
