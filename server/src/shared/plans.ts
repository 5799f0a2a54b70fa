/**
 * The product's organization plans: each a seat limit, stored on the organization (its `plan`
 * column); no payment processor stands behind them. Browser-safe: the web app's plan page reads
 * them; the server's plan service (product/plans/) and auth-core's seat-limit hook
 * (organization.seatLimit, given in server/src/auth.ts) apply them.
 */

/** Stored state only: no payment processor. A seat is a member or a pending invitation. */
export const PLANS = [
  { id: "free", name: "Free", seatLimit: 3 },
  { id: "team", name: "Team", seatLimit: 25 },
  { id: "business", name: "Business", seatLimit: 250 },
] as const;

export type PlanId = (typeof PLANS)[number]["id"];
export interface Plan {
  id: PlanId;
  name: string;
  seatLimit: number;
}

export const PLAN_IDS: readonly PlanId[] = PLANS.map((plan) => plan.id);
export const DEFAULT_PLAN_ID: PlanId = "free";

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan stored on an organization; an unknown or missing value is the default plan. */
export function planOf(stored: string | null | undefined): Plan {
  const id = stored && isPlanId(stored) ? stored : DEFAULT_PLAN_ID;
  return PLANS.find((plan) => plan.id === id) ?? PLANS[0];
}

export interface OrganizationPlanView {
  organization: { id: string; name: string };
  plan: PlanId;
  seatLimit: number;
  /** Members. */
  seatsUsed: number;
  pendingInvitations: number;
  canChange: boolean;
  plans: Array<{ id: PlanId; name: string; seatLimit: number }>;
}
