import { useState, type FormEvent, type ReactElement } from "react";
import type { PlanId } from "@gatehouse/server/shared";
import { ActionStatus } from "../../../components/ui.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import type { OrganizationPlan } from "../api/get-plan.js";
import { useSetOrganizationPlan } from "../api/set-plan.js";
import { planName, translate } from "../../../components/ui.js";
import { useTranslation } from "../../../lib/i18n.js";

/** A seat is a member or a pending invitation: both count against the plan's limit. */
function seatsTaken(plan: OrganizationPlan): number {
  return plan.seatsUsed + plan.pendingInvitations;
}

function seatsText(plan: OrganizationPlan): string {
  const values = { taken: seatsTaken(plan), limit: plan.seatLimit, members: plan.seatsUsed, pending: plan.pendingInvitations };
  return plan.pendingInvitations === 0 ? translate("plan.seats", values) : translate("plan.seatsWithInvitations", values);
}

/** The organization's plan and its seats: what is used of the limit. */
export function PlanSummary({ plan }: { plan: OrganizationPlan }): ReactElement {
  const full = seatsTaken(plan) >= plan.seatLimit;
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="plan-summary-heading">
      <h2 id="plan-summary-heading">{plan.organization.name}</h2>
      <dl className="facts">
        <dt>{t("plan.plan")}</dt>
        <dd data-testid="current-plan">{planName(plan.plan)}</dd>
        <dt>{t("plan.seatsLabel")}</dt>
        <dd data-testid="seats">{seatsText(plan)}</dd>
      </dl>
      <label className="visually-hidden" htmlFor="seat-meter">
        {t("plan.seatsTaken")}
      </label>
      <meter id="seat-meter" className="seat-meter" min={0} max={plan.seatLimit} value={Math.min(seatsTaken(plan), plan.seatLimit)} high={plan.seatLimit - 0.5}>
        {seatsText(plan)}
      </meter>
      {full && (
        <p className="notice" role="status">
          {plan.canChange ? t("plan.full") : t("plan.fullAskOwner")}
        </p>
      )}
    </section>
  );
}

/**
 * The plan choice. Owners pick a plan and save it (stored state; no payment is taken); a plan
 * with fewer seats than the organization uses is refused by the server with its message. Everyone
 * else sees the same list, read-only.
 */
export function PlanChooser({ plan }: { plan: OrganizationPlan }): ReactElement {
  const setPlan = useSetOrganizationPlan();
  const [chosen, setChosen] = useState<PlanId>(plan.plan);
  const [asking, setAsking] = useState(false);
  const { t } = useTranslation();
  // Issue 48: a plan change is confirmed like every other change to the organization.
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    setAsking(true);
  }
  const chosenPlan = plan.plans.find((option) => option.id === chosen);
  const list = (
    <ul className="plans" aria-label={t("plan.plans")}>
      {plan.plans.map((option) => {
        const current = option.id === plan.plan;
        const tooSmall = option.seatLimit < plan.seatsUsed;
        return (
          <li key={option.id} className={`plan${current ? " current" : ""}`} aria-label={planName(option.id)}>
            {plan.canChange ? (
              <label className="check">
                <input type="radio" name="plan" value={option.id} checked={chosen === option.id} onChange={() => setChosen(option.id)} />
                <span className="plan-name">{planName(option.id)}</span>
              </label>
            ) : (
              <span className="plan-name">{planName(option.id)}</span>
            )}
            <span className="muted">{t("plan.upTo", { count: option.seatLimit })}</span>
            {current && <span className="badge ok">{t("plan.current")}</span>}
            {tooSmall && !current && <span className="muted small">{t("plan.tooSmall", { count: plan.seatsUsed })}</span>}
          </li>
        );
      })}
    </ul>
  );
  if (!plan.canChange) {
    return (
      <section className="card" aria-labelledby="plan-choice-heading">
        <h2 id="plan-choice-heading">{t("plan.plans")}</h2>
        {list}
        <p className="muted">{t("plan.ownerOnly", { name: plan.organization.name })}</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="plan-choice-heading">
      <h2 id="plan-choice-heading">{t("plan.choose")}</h2>
      <form onSubmit={onSubmit} aria-label={t("plan.choose")}>
        <fieldset className="plain">
          <legend className="visually-hidden">{t("plan.plan")}</legend>
          {list}
        </fieldset>
        <p className="muted small">{t("plan.noPayment")}</p>
        <div className="actions">
          <button type="submit" disabled={setPlan.isPending || chosen === plan.plan}>
            {t("plan.change")}
          </button>
        </div>
        <ActionStatus mutation={setPlan} pending={t("plan.changing")} success={t("plan.changed")} />
      </form>
      {/* Beside the form, not in it: the dialog's own form must not submit this one. */}
      <ConfirmDialog
        open={asking}
        title={t("plan.change.title", { name: plan.organization.name, plan: planName(chosenPlan?.id ?? chosen) })}
        confirmLabel={t("plan.change")}
        destructive={false}
        onConfirm={() => {
          setAsking(false);
          setPlan.mutate({ plan: chosen });
        }}
        onCancel={() => setAsking(false)}
      >
        {t("plan.change.body", { limit: chosenPlan?.seatLimit ?? "?", taken: plan.seatsUsed })}
      </ConfirmDialog>
    </section>
  );
}
