import { APIError, type Auth } from "@gatehouse/auth-core";
import { hasPermission } from "@gatehouse/auth-core/shared";
import {
  MAX_ANALYTICS_DAYS,
  type AuditAnalytics,
  type AuditEventPage,
  type AuditEventQuery,
  type AuditEventView,
  type AuditOverview,
} from "../../shared/audit-views.js";
import { planOf } from "../../shared/plans.js";
import type { DB } from "../db.js";
import { countMembers, findMemberRole, findOrganizationById } from "../organization-store.js";
import type { Viewer } from "../viewer.js";
import { buildAnalytics } from "./analytics.js";
import {
  countAccountHoldings,
  countAuditEvents,
  findLatestAuditEventTime,
  listAuditEvents,
  type AuditFilter,
  type AuditPosition,
  type AuditScope,
} from "./audit-store.js";
import { decodeCursor, encodeCursor, toAuditEventView } from "./audit-view.js";

export interface AuditEventsInput extends AuditEventQuery {
  cursor?: string;
  /** 1..100, default 25. */
  limit?: number;
}

export interface AuditService {
  overview(viewer: Viewer): Promise<AuditOverview>;
  events(viewer: Viewer, input: AuditEventsInput): Promise<AuditEventPage>;
  /** Every row the filters give, page after page: for a streamed export. */
  exportEvents(viewer: Viewer, query: AuditEventQuery): AsyncGenerator<AuditEventView>;
  analytics(viewer: Viewer, input: { scope: AuditEventQuery["scope"]; from: Date; to: Date }): Promise<AuditAnalytics>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPORT_PAGE = 500;

/**
 * The scope a viewer may read: always their own events; the active organization's only with
 * audit:read in the access-control matrix (owners and admins). 400 without an active
 * organization, 403 without the permission or the membership.
 */
async function resolveAuditScope(auth: Auth, db: DB, viewer: Viewer, scope: AuditEventQuery["scope"]): Promise<AuditScope> {
  if (scope === "self") return { kind: "user", userId: viewer.userId };
  if (!viewer.activeOrganizationId) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
  const role = await findMemberRole(db, viewer.activeOrganizationId, viewer.userId);
  if (role === undefined || !hasPermission(role, { audit: ["read"] })) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG");
  if (!(await auth.meetsOrganizationTwoFactorRule(viewer.activeOrganizationId, viewer.userId))) throw APIError.from(403, "TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
  return { kind: "organization", organizationId: viewer.activeOrganizationId };
}

function toFilter(scope: AuditScope, query: AuditEventQuery): AuditFilter {
  return { scope, types: query.types, outcome: query.outcome, method: query.method, from: query.from, to: query.to };
}

/** The audit log as people read it, over the rows auth-core writes (the securityEvent table). */
export function createAuditService(auth: Auth, db: DB): AuditService {
  async function page(filter: AuditFilter, after: AuditPosition | null, limit: number): Promise<AuditEventPage> {
    const rows = await listAuditEvents(db, filter, { after, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;
    return { items: items.map(toAuditEventView), nextCursor };
  }

  return {
    async overview(viewer) {
      const now = auth.context.clock.now();
      const self: AuditScope = { kind: "user", userId: viewer.userId };
      const last30 = { scope: self, types: ["sign-in" as const], from: new Date(now.getTime() - 30 * DAY_MS) };
      const holdings = await countAccountHoldings(db, viewer.userId, now);
      const lastSignIn = await findLatestAuditEventTime(db, { scope: self, types: ["sign-in"], outcome: "success" });
      return {
        signInsLast30Days: await countAuditEvents(db, { ...last30, outcome: "success" }),
        failedSignInsLast30Days: await countAuditEvents(db, { ...last30, outcome: "failure" }),
        ...holdings,
        lastSignInAt: lastSignIn ? new Date(lastSignIn) : null,
        organization: await organizationSummary(auth, db, viewer),
        recent: (await page({ scope: self }, null, 5)).items,
      };
    },

    async events(viewer, input) {
      const scope = await resolveAuditScope(auth, db, viewer, input.scope);
      const limit = Math.min(Math.max(Math.trunc(input.limit ?? 25), 1), 100);
      return page(toFilter(scope, input), input.cursor ? decodeCursor(input.cursor) : null, limit);
    },

    async *exportEvents(viewer, query) {
      const filter = toFilter(await resolveAuditScope(auth, db, viewer, query.scope), query);
      let after: AuditPosition | null = null;
      for (;;) {
        const rows = await listAuditEvents(db, filter, { after, limit: EXPORT_PAGE });
        for (const row of rows) yield toAuditEventView(row);
        const last = rows[rows.length - 1];
        if (rows.length < EXPORT_PAGE || !last) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },

    async analytics(viewer, input) {
      const span = input.to.getTime() - input.from.getTime();
      if (!(span > 0) || span > MAX_ANALYTICS_DAYS * DAY_MS) throw APIError.from(400, "INVALID_DATE_RANGE");
      const scope = await resolveAuditScope(auth, db, viewer, input.scope);
      return buildAnalytics(db, scope, input.from, input.to);
    },
  };
}

async function organizationSummary(auth: Auth, db: DB, viewer: Viewer): Promise<AuditOverview["organization"]> {
  if (!viewer.activeOrganizationId) return null;
  const organization = await findOrganizationById(db, viewer.activeOrganizationId);
  const role = organization ? await findMemberRole(db, organization.id, viewer.userId) : undefined;
  if (!organization || role === undefined) return null;
  const plan = planOf(organization.plan);
  return {
    id: organization.id,
    name: organization.name,
    role,
    plan: plan.id,
    // The members seated (what the dashboard shows; the plan page adds the open invitations).
    seatsUsed: await countMembers(db, organization.id),
    seatLimit: plan.seatLimit,
    // The organization's log is one of its pages: not for a member its two-factor rule stops.
    canViewAudit: hasPermission(role, { audit: ["read"] }) && (await auth.meetsOrganizationTwoFactorRule(organization, viewer.userId)),
  };
}
