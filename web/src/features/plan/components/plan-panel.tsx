import { useState, type FormEvent, type ReactElement } from "react";
import type { PlanId } from "@gatehouse/server/shared";
import { ActionStatus } from "../../../components/ui.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import type { OrganizationPlan } from "../api/get-plan.js";
import { useSetOrganizationPlan } from "../api/set-plan.js";

/** A seat is a member or a pending invitation: both count against the plan's limit. */
function seatsTaken(plan: OrganizationPlan): number {
  return plan.seatsUsed + plan.pendingInvitations;
}

function seatsText(plan: OrganizationPlan): string {
  const members = plan.seatsUsed === 1 ? "1 member" : `${plan.seatsUsed} members`;
  const pending =
    plan.pendingInvitations === 0 ? "" : plan.pendingInvitations === 1 ? ", 1 pending invitation" : `, ${plan.pendingInvitations} pending invitations`;
  return `${seatsTaken(plan)} of ${plan.seatLimit} seats taken (${members}${pending})`;
}

/** The organization's plan and its seats: what is used of the limit. */
export function PlanSummary({ plan }: { plan: OrganizationPlan }): ReactElement {
  const current = plan.plans.find((p) => p.id === plan.plan);
  const full = seatsTaken(plan) >= plan.seatLimit;
  return (
    <section className="card" aria-labelledby="plan-summary-heading">
      <h2 id="plan-summary-heading">{plan.organization.name}</h2>
      <dl className="facts">
        <dt>Plan</dt>
        <dd data-testid="current-plan">{current?.name ?? plan.plan}</dd>
        <dt>Seats</dt>
        <dd data-testid="seats">{seatsText(plan)}</dd>
      </dl>
      <label className="visually-hidden" htmlFor="seat-meter">
        Seats taken
      </label>
      <meter id="seat-meter" className="seat-meter" min={0} max={plan.seatLimit} value={Math.min(seatsTaken(plan), plan.seatLimit)} high={plan.seatLimit - 0.5}>
        {seatsText(plan)}
      </meter>
      {full && (
        <p className="notice" role="status">
          Every seat is taken: invitations and new members wait for a larger plan{plan.canChange ? "." : " (an owner can change it)."}
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
  // Issue 48: a plan change is confirmed like every other change to the organization.
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    setAsking(true);
  }
  const chosenPlan = plan.plans.find((option) => option.id === chosen);
  const list = (
    <ul className="plans" aria-label="Plans">
      {plan.plans.map((option) => {
        const current = option.id === plan.plan;
        const tooSmall = option.seatLimit < plan.seatsUsed;
        return (
          <li key={option.id} className={`plan${current ? " current" : ""}`} aria-label={option.name}>
            {plan.canChange ? (
              <label className="check">
                <input type="radio" name="plan" value={option.id} checked={chosen === option.id} onChange={() => setChosen(option.id)} />
                <span className="plan-name">{option.name}</span>
              </label>
            ) : (
              <span className="plan-name">{option.name}</span>
            )}
            <span className="muted">Up to {option.seatLimit} seats</span>
            {current && <span className="badge ok">Current plan</span>}
            {tooSmall && !current && <span className="muted small">Fewer seats than the {plan.seatsUsed} members</span>}
          </li>
        );
      })}
    </ul>
  );
  if (!plan.canChange) {
    return (
      <section className="card" aria-labelledby="plan-choice-heading">
        <h2 id="plan-choice-heading">Plans</h2>
        {list}
        <p className="muted">Only an owner of {plan.organization.name} can change its plan.</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="plan-choice-heading">
      <h2 id="plan-choice-heading">Choose a plan</h2>
      <form onSubmit={onSubmit} aria-label="Choose a plan">
        <fieldset className="plain">
          <legend className="visually-hidden">Plan</legend>
          {list}
        </fieldset>
        <p className="muted small">The plan is stored with the organization; no payment is taken.</p>
        <div className="actions">
          <button type="submit" disabled={setPlan.isPending || chosen === plan.plan}>
            Change plan
          </button>
        </div>
        <ActionStatus mutation={setPlan} pending="Changing the plan…" success="Plan changed." />
      </form>
      {/* Beside the form, not in it: the dialog's own form must not submit this one. */}
      <ConfirmDialog
        open={asking}
        title={`Change ${plan.organization.name} to ${chosenPlan?.name ?? chosen}?`}
        confirmLabel="Change plan"
        destructive={false}
        onConfirm={() => {
          setAsking(false);
          setPlan.mutate({ plan: chosen });
        }}
        onCancel={() => setAsking(false)}
      >
        {`The organization will have up to ${chosenPlan?.seatLimit ?? "?"} seats (${plan.seatsUsed} taken now). You can change the plan again later.`}
      </ConfirmDialog>
    </section>
  );
}
