import type { ReactElement } from "react";
import { useOrganizationPlan } from "../../features/plan/api/get-plan.js";
import { PlanChooser, PlanSummary } from "../../features/plan/components/plan-panel.js";
import { NoActiveOrganization } from "../../features/organization/components/choose-organization.js";
import { LoadError, LoadingState } from "../../components/query-state.js";
import { OrganizationTwoFactorGate } from "../organization-two-factor-gate.js";
import { useTranslation } from "../../lib/i18n.js";

/**
 * /subscribe, the landing page after sign-in: the active organization's plan and seats
 * (plan.get), the plan choice for owners (plan.set), read-only for everyone else. Stored state
 * only: no payment is taken.
 */
export function SubscribePage(): ReactElement {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1>{t("subscribe.heading")}</h1>
      <p className="lead">{t("subscribe.lead")}</p>
      <OrganizationTwoFactorGate>
        <OrganizationPlan />
      </OrganizationTwoFactorGate>
    </article>
  );
}

/** The plan, once the organization's two-factor rule lets the viewer in (the server refuses plan.get otherwise). */
function OrganizationPlan(): ReactElement {
  const plan = useOrganizationPlan();
  const { t } = useTranslation();
  if (plan.isPending) return <LoadingState label={t("subscribe.loading")} />;
  if (plan.isError) return <LoadError what={t("subscribe.thePlan")} error={plan.error} onRetry={() => void plan.refetch()} />;
  if (plan.data === null) return <NoActiveOrganization idPrefix="subscribe" />;
  return (
    <div className="grid">
      <PlanSummary plan={plan.data} />
      <PlanChooser key={plan.data.organization.id} plan={plan.data} />
    </div>
  );
}
