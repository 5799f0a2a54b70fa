import type { AuthContext } from "../context.js";
import type { ClientInfo } from "../endpoint.js";
import { APIError } from "../errors.js";
import { createAudit } from "../security/security-events.js";
import { PLANS, planOf, type OrganizationPlanView, type PlanId } from "../shared/audit-events.js";
import type { DB, OrganizationRow } from "../store/database.js";
import { findMember } from "../store/member-store.js";
import { findOrganizationById, lockOrganization, setOrganizationPlan } from "../store/organization-store.js";
import type { AuditViewer } from "../audit/audit-service.js";
import { holdsOwnerRole } from "./roles.js";
import { readSeatUsage } from "./seats.js";
import { assertMeetsTwoFactorRule } from "./two-factor-rule.js";

export interface PlanService {
  /** The active organization's plan and seats; null without an active organization. */
  get(viewer: AuditViewer): Promise<OrganizationPlanView | null>;
  /** Owners only; refused when the organization has more members than the new plan seats. */
  set(viewer: AuditViewer, plan: PlanId, client: ClientInfo): Promise<OrganizationPlanView>;
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
export function createPlanService(ctx: AuthContext): PlanService {
  async function activeMembership(viewer: AuditViewer): Promise<{ organization: OrganizationRow; role: string } | null> {
    if (!viewer.activeOrganizationId) return null;
    const organization = await findOrganizationById(ctx.db, viewer.activeOrganizationId);
    const member = organization ? await findMember(ctx.db, organization.id, viewer.userId) : undefined;
    if (!organization || !member) return null;
    await assertMeetsTwoFactorRule(ctx, organization, viewer.userId);
    return { organization, role: member.role };
  }

  return {
    async get(viewer) {
      const active = await activeMembership(viewer);
      return active ? describePlan(ctx.db, active.organization, active.role, ctx.clock.now()) : null;
    },

    async set(viewer, plan, client) {
      const active = await activeMembership(viewer);
      if (!active) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
      if (!holdsOwnerRole(active.role)) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_THE_PLAN");
      const organizationId = active.organization.id;
      const now = ctx.clock.now();
      // Not an endpoint (tRPC calls it): its audit is built here, from the same declaration form.
      const audit = createAudit(ctx, client, ["plan-changed"]);
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
      return describePlan(ctx.db, updated, active.role, now);
    },
  };
}
