import { APIError, type Auth, type AuditClient } from "@gatehouse/auth-core";
import { parseRoles } from "@gatehouse/auth-core/shared";
import { PLANS, planOf, type OrganizationPlanView, type PlanId } from "../../shared/plans.js";
import type { DB } from "../db.js";
import { findMemberRole, findOrganizationById, lockOrganization, setOrganizationPlan, type OrganizationRow } from "../organization-store.js";
import type { Viewer } from "../viewer.js";
import { readSeatUsage } from "./seats.js";

export interface PlanService {
  /** The active organization's plan and seats; null without an active organization. */
  get(viewer: Viewer): Promise<OrganizationPlanView | null>;
  /** Owners only; refused when the organization has more members than the new plan seats. */
  set(viewer: Viewer, plan: PlanId, client: AuditClient): Promise<OrganizationPlanView>;
}

function holdsOwnerRole(role: string): boolean {
  return parseRoles(role).includes("owner");
}

async function describePlan(db: DB, organization: OrganizationRow, role: string, now: Date): Promise<OrganizationPlanView> {
  const plan = planOf(organization.plan);
  const usage = await readSeatUsage(db, organization.id, now);
  return {
    organization: { id: organization.id, name: organization.name },
    plan: plan.id,
    seatLimit: plan.seatLimit,
    seatsUsed: usage.members,
    pendingInvitations: usage.pendingInvitations,
    canChange: holdsOwnerRole(role),
    plans: PLANS.map((p) => ({ id: p.id, name: p.name, seatLimit: p.seatLimit })),
  };
}

/** Stored state only: no payment processor stands behind a plan. */
export function createPlanService(auth: Auth, db: DB): PlanService {
  async function activeMembership(viewer: Viewer): Promise<{ organization: OrganizationRow; role: string } | null> {
    if (!viewer.activeOrganizationId) return null;
    const organization = await findOrganizationById(db, viewer.activeOrganizationId);
    const role = organization ? await findMemberRole(db, organization.id, viewer.userId) : undefined;
    if (!organization || role === undefined) return null;
    if (!(await auth.meetsOrganizationTwoFactorRule(organization, viewer.userId))) throw APIError.from(403, "TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
    return { organization, role };
  }

  return {
    async get(viewer) {
      const active = await activeMembership(viewer);
      return active ? describePlan(db, active.organization, active.role, auth.context.clock.now()) : null;
    },

    async set(viewer, plan, client) {
      const active = await activeMembership(viewer);
      if (!active) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
      if (!holdsOwnerRole(active.role)) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_THE_PLAN");
      const organizationId = active.organization.id;
      const now = auth.context.clock.now();
      // Not an endpoint (tRPC calls it): its row goes through auth-core's writer, declared here.
      const audit = auth.audit(client, ["plan-changed"]);
      const updated = await audit.change(async (trx, log) => {
        await lockOrganization(trx, organizationId);
        const usage = await readSeatUsage(trx, organizationId, now);
        const target = planOf(plan);
        if (usage.members > target.seatLimit) throw APIError.from(400, "PLAN_SEAT_LIMIT_TOO_LOW");
        const before = (await findOrganizationById(trx, organizationId))?.plan ?? null;
        const row = await setOrganizationPlan(trx, organizationId, target.id);
        if (!row) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
        // The same plan again changes nothing: no row (the rollback undoes an identical write).
        if (planOf(before).id === target.id) log.unchanged();
        else await log.write({ userId: viewer.userId, type: "plan-changed", organizationId, detail: { from: planOf(before).id, to: target.id } });
        return row;
      });
      return describePlan(db, updated, active.role, now);
    },
  };
}
