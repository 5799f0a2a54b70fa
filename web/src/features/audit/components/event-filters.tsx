import type { ReactElement } from "react";
import { AUDIT_EVENT_TYPES, type AuditEventType } from "@gatehouse/auth-core/shared";
import type { AuditFilters } from "../api/audit-filters.js";
import { eventLabel, FILTER_METHODS, methodLabel } from "./event-labels.js";

/** "All" is a real choice, so it has a value of its own (spec §8: no empty-string item). */
const ALL = "all";

const GROUPS: Array<{ label: string; test: (type: AuditEventType) => boolean }> = [
  { label: "Sign-in and sessions", test: (t) => ["sign-up", "sign-in", "sign-out", "session-revoked"].includes(t) },
  { label: "Password and email", test: (t) => t.startsWith("password-") || t.startsWith("email-") },
  { label: "Passkeys and accounts", test: (t) => t.startsWith("passkey-") || t.startsWith("account-") || t === "anonymous-linked" },
  { label: "Organization", test: (t) => /^(organization|member|invitation|team|plan)-/.test(t) },
  { label: "API keys", test: (t) => t.startsWith("api-key-") },
];

export interface EventFiltersProps {
  filters: AuditFilters;
  /** The filters that changed (the page merges them into the address). */
  onChange: (patch: Partial<AuditFilters>) => void;
}

/** Type, outcome, method and days; each change applies at once (the table and the CSV link follow). */
export function EventFilters({ filters, onChange }: EventFiltersProps): ReactElement {
  // Several kinds (from a shared address) show as one choice of their own.
  const several = filters.types.length > 1 ? filters.types.join(",") : null;
  const type = several ?? filters.types[0] ?? ALL;
  return (
    <form className="filters" aria-label="Filter events" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="filter-type">Event</label>
        <select
          id="filter-type"
          value={type}
          onChange={(e) => {
            const value = e.target.value;
            if (value === several) return;
            onChange({ types: value === ALL ? [] : [value as AuditEventType] });
          }}
        >
          <option value={ALL}>All events</option>
          {several && <option value={several}>{`${filters.types.length} kinds of event`}</option>}
          {GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {AUDIT_EVENT_TYPES.filter(group.test).map((t) => (
                <option key={t} value={t}>
                  {eventLabel(t)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-outcome">Outcome</label>
        <select
          id="filter-outcome"
          value={filters.outcome ?? ALL}
          onChange={(e) => onChange({ outcome: e.target.value === "success" || e.target.value === "failure" ? e.target.value : null })}
        >
          <option value={ALL}>Any outcome</option>
          <option value="success">Succeeded</option>
          <option value="failure">Failed</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-method">Method</label>
        <select id="filter-method" value={filters.method ?? ALL} onChange={(e) => onChange({ method: e.target.value === ALL ? null : e.target.value })}>
          <option value={ALL}>Any method</option>
          {filters.method && !(FILTER_METHODS as readonly string[]).includes(filters.method) && (
            <option value={filters.method}>{methodLabel(filters.method)}</option>
          )}
          {FILTER_METHODS.map((method) => (
            <option key={method} value={method}>
              {methodLabel(method)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-from">From</label>
        <input
          id="filter-from"
          type="date"
          value={filters.from ?? ""}
          max={filters.to ?? undefined}
          onChange={(e) => onChange({ from: e.target.value || null })}
        />
      </div>
      <div className="field">
        <label htmlFor="filter-to">To</label>
        <input id="filter-to" type="date" value={filters.to ?? ""} min={filters.from ?? undefined} onChange={(e) => onChange({ to: e.target.value || null })} />
      </div>
      <div className="field field-end">
        <button type="button" className="secondary" onClick={() => onChange({ types: [], outcome: null, method: null, from: null, to: null })}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
