import type { ReactElement } from "react";
import { AUDIT_EVENT_TYPES, type AuditEventType } from "@gatehouse/auth-core/shared";
import type { AuditFilters } from "../api/audit-filters.js";
import { eventLabel, FILTER_METHODS, methodLabel } from "./event-labels.js";
import { useTranslation, type MessageId } from "../../../lib/i18n.js";

/** "All" is a real choice, so it has a value of its own (spec §8: no empty-string item). */
const ALL = "all";

const GROUPS: Array<{ label: MessageId; test: (type: AuditEventType) => boolean }> = [
  { label: "filters.group.signIn", test: (t) => ["sign-up", "sign-in", "sign-out", "session-revoked"].includes(t) },
  { label: "filters.group.password", test: (t) => t.startsWith("password-") || t.startsWith("email-") },
  { label: "filters.group.passkeys", test: (t) => t.startsWith("passkey-") || t.startsWith("account-") || t === "anonymous-linked" },
  { label: "filters.group.organization", test: (t) => /^(organization|member|invitation|team|plan)-/.test(t) },
  { label: "filters.group.apiKeys", test: (t) => t.startsWith("api-key-") },
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
  const { t } = useTranslation();
  return (
    <form className="filters" aria-label={t("filters.label")} onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="filter-type">{t("filters.event")}</label>
        <select
          id="filter-type"
          value={type}
          onChange={(e) => {
            const value = e.target.value;
            if (value === several) return;
            onChange({ types: value === ALL ? [] : [value as AuditEventType] });
          }}
        >
          <option value={ALL}>{t("filters.allEvents")}</option>
          {several && <option value={several}>{t("filters.severalKinds", { count: filters.types.length })}</option>}
          {GROUPS.map((group) => (
            <optgroup key={group.label} label={t(group.label)}>
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
        <label htmlFor="filter-outcome">{t("filters.outcome")}</label>
        <select
          id="filter-outcome"
          value={filters.outcome ?? ALL}
          onChange={(e) => onChange({ outcome: e.target.value === "success" || e.target.value === "failure" ? e.target.value : null })}
        >
          <option value={ALL}>{t("filters.anyOutcome")}</option>
          <option value="success">{t("outcome.success")}</option>
          <option value="failure">{t("outcome.failure")}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-method">{t("filters.method")}</label>
        <select id="filter-method" value={filters.method ?? ALL} onChange={(e) => onChange({ method: e.target.value === ALL ? null : e.target.value })}>
          <option value={ALL}>{t("filters.anyMethod")}</option>
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
        <label htmlFor="filter-from">{t("filters.from")}</label>
        <input
          id="filter-from"
          type="date"
          value={filters.from ?? ""}
          max={filters.to ?? undefined}
          onChange={(e) => onChange({ from: e.target.value || null })}
        />
      </div>
      <div className="field">
        <label htmlFor="filter-to">{t("filters.to")}</label>
        <input id="filter-to" type="date" value={filters.to ?? ""} min={filters.from ?? undefined} onChange={(e) => onChange({ to: e.target.value || null })} />
      </div>
      <div className="field field-end">
        <button type="button" className="secondary" onClick={() => onChange({ types: [], outcome: null, method: null, from: null, to: null })}>
          {t("filters.clear")}
        </button>
      </div>
    </form>
  );
}
