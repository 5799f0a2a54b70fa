import type { ReactElement } from "react";
import { useOrganizationPlan } from "../../features/plan/api/get-plan.js";
import { PlanChooser, PlanSummary } from "../../features/plan/components/plan-panel.js";
import { CreateOrganizationForm } from "../../features/organization/components/create-organization-form.js";
import { LoadError, LoadingState } from "../../components/query-state.js";
import { OrganizationTwoFactorGate } from "../organization-two-factor-gate.js";

/** No active organization: create one here (it becomes active and gets the Free plan), or pick one above. */
function NoOrganization(): ReactElement {
  return (
    <section className="card empty-state" aria-labelledby="subscribe-no-org">
      <h2 id="subscribe-no-org">Create your organization</h2>
      <p className="muted">
        A plan belongs to an organization, and you are not working in one right now. Create one to choose its plan and invite people, or pick an organization
        you belong to in the switcher at the top.
      </p>
      <CreateOrganizationForm idPrefix="subscribe" />
    </section>
  );
}

/**
 * /subscribe, the landing page after sign-in: the active organization's plan and seats
 * (plan.get), the plan choice for owners (plan.set), read-only for everyone else. Stored state
 * only: no payment is taken.
 */
export function SubscribePage(): ReactElement {
  const plan = useOrganizationPlan();
  return (
    <article className="page">
      <h1>Subscribe</h1>
      <p className="lead">Your organization's plan and how many of its seats are in use.</p>
      {plan.isPending ? (
        <LoadingState label="Loading the plan…" />
      ) : plan.isError ? (
        <LoadError what="The plan" error={plan.error} onRetry={() => void plan.refetch()} />
      ) : plan.data === null ? (
        <NoOrganization />
      ) : (
        <OrganizationTwoFactorGate>
          <div className="grid">
            <PlanSummary plan={plan.data} />
            <PlanChooser key={plan.data.organization.id} plan={plan.data} />
          </div>
        </OrganizationTwoFactorGate>
      )}
    </article>
  );
}
