import type { ReactElement } from "react";
import { useSearchParams } from "react-router";
import { useAuditOverview } from "../../features/audit/api/get-audit-overview.js";
import { useAuditAnalytics } from "../../features/audit/api/get-audit-analytics.js";
import { presetRange, RANGE_PRESETS, rangeInput, rangeProblem, type DayRange } from "../../features/audit/api/analytics-range.js";
import type { AuditScope } from "../../features/audit/api/types.js";
import { AnalyticsCharts, percent } from "../../features/audit/components/analytics-charts.js";
import { RangePicker, type RangeChoice } from "../../features/audit/components/range-picker.js";
import { ScopeSwitch } from "../../features/audit/components/scope-switch.js";
import { EmptyState, LoadError, LoadingState } from "../../components/query-state.js";
import { allowedScope } from "./audit-scope.js";
import { formatNumber } from "../../components/ui.js";
import { useTranslation } from "../../lib/i18n.js";

const DEFAULT_DAYS = 30;

/** The range from the address: ?days=7|30|90, or ?from=YYYY-MM-DD&to=YYYY-MM-DD. */
function choiceFromSearch(search: URLSearchParams): RangeChoice {
  const from = search.get("from");
  const to = search.get("to");
  if (from && to && rangeProblem({ from, to }) === null) return { kind: "custom", range: { from, to } };
  const days = Number(search.get("days"));
  return { kind: "preset", days: (RANGE_PRESETS as readonly number[]).includes(days) ? days : DEFAULT_DAYS };
}

function rangeOf(choice: RangeChoice, today: Date): DayRange {
  return choice.kind === "custom" ? choice.range : presetRange(choice.days, today);
}

function searchFor(choice: RangeChoice, scope: AuditScope): URLSearchParams {
  const search = new URLSearchParams();
  if (scope === "organization") search.set("scope", scope);
  if (choice.kind === "custom") {
    search.set("from", choice.range.from);
    search.set("to", choice.range.to);
  } else if (choice.days !== DEFAULT_DAYS) {
    search.set("days", String(choice.days));
  }
  return search;
}

/**
 * /analytics: sign-ins per day by outcome and by method, sign-ups per day and the failure rate
 * (audit.analytics, counted by the database) over a chosen range, for the person or (owners and
 * admins) the active organization. This route is its own chunk: recharts loads only here.
 */
export function AnalyticsPage(): ReactElement {
  const [search, setSearch] = useSearchParams();
  const overview = useAuditOverview();
  const choice = choiceFromSearch(search);
  const range = rangeOf(choice, new Date());
  const requestedScope: AuditScope = search.get("scope") === "organization" ? "organization" : "self";
  const scope = allowedScope(requestedScope, overview.data);
  const scopeKnown = requestedScope === "self" || !overview.isPending;
  const analytics = useAuditAnalytics({ scope, ...rangeInput(range) }, { enabled: scopeKnown });
  const organization = overview.data?.organization ?? null;
  const { t } = useTranslation();
  // Whose activity: the organization's (named) or the person's own.
  const ofOrganization = scope === "organization" && organization ? { name: organization.name } : null;

  return (
    <article className="page">
      <h1>{t("analytics.heading")}</h1>
      <p className="lead">{ofOrganization ? t("analytics.lead.organization", ofOrganization) : t("analytics.lead.self")}</p>
      <div className="toolbar">
        <RangePicker
          key={choice.kind === "custom" ? `${choice.range.from}/${choice.range.to}` : choice.days}
          choice={choice}
          current={range}
          onChange={(next) => setSearch(searchFor(next, scope), { replace: true })}
        />
        {organization?.canViewAudit && (
          <ScopeSwitch scope={scope} organizationName={organization.name} onChange={(next) => setSearch(searchFor(choice, next), { replace: true })} />
        )}
      </div>
      {!scopeKnown || analytics.isPending ? (
        <LoadingState label={t("analytics.loading")} />
      ) : analytics.isError ? (
        <LoadError what={t("analytics.theAnalytics")} error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          <dl className="totals" aria-label={t("analytics.totals")} data-updating={analytics.isPlaceholderData || undefined}>
            <div>
              <dt>{t("analytics.signIns")}</dt>
              <dd data-testid="total-sign-ins">{formatNumber(analytics.data.totals.signIns)}</dd>
            </div>
            <div>
              <dt>{t("analytics.failures")}</dt>
              <dd data-testid="total-failures">{formatNumber(analytics.data.totals.failures)}</dd>
            </div>
            <div>
              <dt>{t("charts.rate.title")}</dt>
              <dd data-testid="failure-rate">{percent(analytics.data.totals.failureRate)}</dd>
            </div>
            <div>
              <dt>{t("charts.signUps.title")}</dt>
              <dd data-testid="total-sign-ups">{formatNumber(analytics.data.totals.signUps)}</dd>
            </div>
          </dl>
          {analytics.isPlaceholderData && (
            <p className="muted small" role="status">
              {t("analytics.updating")}
            </p>
          )}
          {analytics.data.totals.signIns + analytics.data.totals.failures + analytics.data.totals.signUps === 0 ? (
            <EmptyState
              title={
                ofOrganization
                  ? t("analytics.empty.organization", { ...ofOrganization, from: range.from, to: range.to })
                  : t("analytics.empty.self", { from: range.from, to: range.to })
              }
            >
              <p className="muted small">{t("analytics.longerRange")}</p>
            </EmptyState>
          ) : (
            <AnalyticsCharts analytics={analytics.data} />
          )}
        </>
      )}
    </article>
  );
}
