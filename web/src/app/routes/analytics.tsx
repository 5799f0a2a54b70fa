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
  const whose = scope === "organization" && organization ? organization.name : "your account";

  return (
    <article className="page">
      <h1>Analytics</h1>
      <p className="lead">Sign-in activity of {whose}, per day (UTC), from the security event log.</p>
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
        <LoadingState label="Loading analytics…" />
      ) : analytics.isError ? (
        <LoadError what="The analytics" error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          <dl className="totals" aria-label="Totals for the range" data-updating={analytics.isPlaceholderData || undefined}>
            <div>
              <dt>Successful sign-ins</dt>
              <dd data-testid="total-sign-ins">{analytics.data.totals.signIns}</dd>
            </div>
            <div>
              <dt>Failed sign-ins</dt>
              <dd data-testid="total-failures">{analytics.data.totals.failures}</dd>
            </div>
            <div>
              <dt>Failure rate</dt>
              <dd data-testid="failure-rate">{percent(analytics.data.totals.failureRate)}</dd>
            </div>
            <div>
              <dt>Sign-ups</dt>
              <dd data-testid="total-sign-ups">{analytics.data.totals.signUps}</dd>
            </div>
          </dl>
          {analytics.isPlaceholderData && (
            <p className="muted small" role="status">
              Updating…
            </p>
          )}
          {analytics.data.totals.signIns + analytics.data.totals.failures + analytics.data.totals.signUps === 0 ? (
            <EmptyState title={`No sign-ins or sign-ups for ${whose} between ${range.from} and ${range.to}.`}>
              <p className="muted small">Choose a longer range to look further back.</p>
            </EmptyState>
          ) : (
            <AnalyticsCharts analytics={analytics.data} />
          )}
        </>
      )}
    </article>
  );
}
