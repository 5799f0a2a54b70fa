import type { ReactElement } from "react";
import { useSearchParams } from "react-router";
import { useAuditOverview } from "../../features/audit/api/get-audit-overview.js";
import { eventsCSVURL, filtersFromSearch, filtersToPageSearch, type AuditFilters } from "../../features/audit/api/audit-filters.js";
import { useAuditEvents } from "../../features/audit/api/list-audit-events.js";
import { CSVExport } from "../../features/audit/components/csv-export.js";
import { EventFilters } from "../../features/audit/components/event-filters.js";
import { EventTable } from "../../features/audit/components/event-table.js";
import { ScopeSwitch } from "../../features/audit/components/scope-switch.js";
import { EmptyState, LoadError, LoadingState } from "../../components/query-state.js";
import { useTranslation } from "../../lib/i18n.js";
import { allowedScope } from "./audit-scope.js";

function hasFilters(filters: AuditFilters): boolean {
  return filters.types.length > 0 || filters.outcome !== null || filters.method !== null || filters.from !== null || filters.to !== null;
}

/**
 * /reports: the audit log as a table (audit.events), filtered by kind, outcome, method and days,
 * for the person or (owners and admins) their active organization; paged by the server's cursor;
 * the CSV export asks the server for exactly the same filters.
 */
export function ReportsPage(): ReactElement {
  const [search, setSearch] = useSearchParams();
  const overview = useAuditOverview();
  const requested = filtersFromSearch(search);
  // Asking for the organization waits for the overview, which says whether the viewer may.
  const scopeKnown = requested.scope === "self" || !overview.isPending;
  const filters: AuditFilters = { ...requested, scope: allowedScope(requested.scope, overview.data) };
  // A From after To asks for nothing and says so (as Analytics does), instead of "No events match".
  const rangeBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const events = useAuditEvents(filters, { enabled: scopeKnown && !rangeBackwards });
  const organization = overview.data?.organization ?? null;
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];
  const change = (patch: Partial<AuditFilters>): void =>
    setSearch((current) => filtersToPageSearch({ ...filtersFromSearch(current), ...patch }), { replace: true });
  const { t } = useTranslation();
  // Whose events: the organization's (named) or the person's own.
  const ofOrganization = filters.scope === "organization" && organization ? { name: organization.name } : null;

  return (
    <article className="page">
      <h1>{t("reports.heading")}</h1>
      <p className="lead">{ofOrganization ? t("reports.lead.organization", ofOrganization) : t("reports.lead.self")}</p>
      {organization?.canViewAudit && <ScopeSwitch scope={filters.scope} organizationName={organization.name} onChange={(scope) => change({ scope })} />}
      <section className="card" aria-labelledby="events-heading">
        <div className="section-head">
          <h2 id="events-heading">{t("reports.events")}</h2>
          <CSVExport href={eventsCSVURL(filters)} filename={`gatehouse-events-${new Date().toISOString().slice(0, 10)}.csv`} />
        </div>
        <EventFilters filters={filters} onChange={change} />
        {rangeBackwards ? (
          <p className="notice error" role="alert">
            {t("range.backwards")}
          </p>
        ) : !scopeKnown || events.isPending ? (
          <LoadingState label={t("reports.loading")} />
        ) : events.isError && rows.length === 0 ? (
          <LoadError what={t("reports.theEvents")} error={events.error} onRetry={() => void events.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={hasFilters(filters) ? t("reports.noMatch") : ofOrganization ? t("reports.none.organization", ofOrganization) : t("reports.none.self")}
          />
        ) : (
          <>
            <EventTable
              events={rows}
              caption={ofOrganization ? t("reports.caption.organization", ofOrganization) : t("reports.caption.self")}
              pager={{
                label: t("reports.more"),
                status: events.hasNextPage ? t("reports.shownMore", { count: rows.length }) : t("reports.shownAll", { count: rows.length }),
                controls: events.hasNextPage && (
                  <button type="button" className="secondary" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
                    {events.isFetchingNextPage ? t("reports.loadingMore") : t("reports.loadMore")}
                  </button>
                ),
              }}
            />
            {events.isFetchNextPageError && <LoadError what={t("reports.nextPage")} error={events.error} onRetry={() => void events.fetchNextPage()} />}
          </>
        )}
      </section>
    </article>
  );
}
