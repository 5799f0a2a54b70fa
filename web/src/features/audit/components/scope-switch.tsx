import type { ReactElement } from "react";
import type { AuditScope } from "../api/types.js";
import { useTranslation } from "../../../lib/i18n.js";

export interface ScopeSwitchProps {
  scope: AuditScope;
  organizationName: string;
  onChange: (scope: AuditScope) => void;
}

/**
 * "Me / Organization": whose events the page shows. The route shows it only to those whose role
 * may read the organization's audit log (overview.organization.canViewAudit).
 */
export function ScopeSwitch({ scope, organizationName, onChange }: ScopeSwitchProps): ReactElement {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented" aria-label={t("auditScope.whose")}>
      <legend className="visually-hidden">{t("auditScope.whose")}</legend>
      <label className={scope === "self" ? "selected" : undefined}>
        <input type="radio" name="scope" value="self" checked={scope === "self"} onChange={() => onChange("self")} />
        {t("auditScope.me")}
      </label>
      <label className={scope === "organization" ? "selected" : undefined}>
        <input type="radio" name="scope" value="organization" checked={scope === "organization"} onChange={() => onChange("organization")} />
        {t("auditScope.organization")} <span className="muted small">({organizationName})</span>
      </label>
    </fieldset>
  );
}
