import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { readSeatUsage } from "../organization/seats.js";
import { assertMeetsTwoFactorRule, meetsTwoFactorRule } from "../organization/two-factor-rule.js";
import { hasPermission } from "../shared/access-control.js";
import {
  MAX_ANALYTICS_DAYS,
  planOf,
  type AuditAnalytics,
  type AuditEventPage,
  type AuditEventQuery,
  type AuditEventView,
  type AuditOverview,
} from "../shared/audit-events.js";
import {
  countAccountHoldings,
  countAuditEvents,
  findLatestAuditEventTime,
  listAuditEvents,
  type AuditFilter,
  type AuditPosition,
  type AuditScope,
} from "../store/audit-store.js";
import { findMember } from "../store/member-store.js";
import { findOrganizationById } from "../store/organization-store.js";
import { buildAnalytics } from "./analytics.js";
import { decodeCursor, encodeCursor, toAuditEventView } from "./audit-view.js";

/** Who is asking: the signed-in person and their session's active organization. */
export interface AuditViewer {
  userId: string;
  activeOrganizationId: string | null;
}

export interface AuditEventsInput extends AuditEventQuery {
  cursor?: string;
  /** 1..100, default 25. */
  limit?: number;
}

export interface AuditService {
  overview(viewer: AuditViewer): Promise<AuditOverview>;
  events(viewer: AuditViewer, input: AuditEventsInput): Promise<AuditEventPage>;
  /** Every row the filters give, page after page: for a streamed export. */
  exportEvents(viewer: AuditViewer, query: AuditEventQuery): AsyncGenerator<AuditEventView>;
  analytics(viewer: AuditViewer, input: { scope: AuditEventQuery["scope"]; from: Date; to: Date }): Promise<AuditAnalytics>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPORT_PAGE = 500;

/**
 * The scope a viewer may read: always their own events; the active organization's only with
 * audit:read in the access-control matrix (owners and admins). 400 without an active
 * organization, 403 without the permission or the membership.
 */
async function resolveAuditScope(ctx: AuthContext, viewer: AuditViewer, scope: AuditEventQuery["scope"]): Promise<AuditScope> {
  if (scope === "self") return { kind: "user", userId: viewer.userId };
  if (!viewer.activeOrganizationId) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
  const member = await findMember(ctx.db, viewer.activeOrganizationId, viewer.userId);
  if (!member || !hasPermission(member.role, { audit: ["read"] })) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG");
  await assertMeetsTwoFactorRule(ctx, viewer.activeOrganizationId, viewer.userId);
  return { kind: "organization", organizationId: viewer.activeOrganizationId };
}

function toFilter(scope: AuditScope, query: AuditEventQuery): AuditFilter {
  return { scope, types: query.types, outcome: query.outcome, method: query.method, from: query.from, to: query.to };
}

export function createAuditService(ctx: AuthContext): AuditService {
  async function page(filter: AuditFilter, after: AuditPosition | null, limit: number): Promise<AuditEventPage> {
    const rows = await listAuditEvents(ctx.db, filter, { after, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;
    return { items: items.map(toAuditEventView), nextCursor };
  }

  return {
    async overview(viewer) {
      const now = ctx.clock.now();
      const self: AuditScope = { kind: "user", userId: viewer.userId };
      const last30 = { scope: self, types: ["sign-in" as const], from: new Date(now.getTime() - 30 * DAY_MS) };
      const holdings = await countAccountHoldings(ctx.db, viewer.userId, now);
      const lastSignIn = await findLatestAuditEventTime(ctx.db, { scope: self, types: ["sign-in"], outcome: "success" });
      return {
        signInsLast30Days: await countAuditEvents(ctx.db, { ...last30, outcome: "success" }),
        failedSignInsLast30Days: await countAuditEvents(ctx.db, { ...last30, outcome: "failure" }),
        ...holdings,
        lastSignInAt: lastSignIn ? new Date(lastSignIn) : null,
        organization: await organizationSummary(ctx, viewer, now),
        recent: (await page({ scope: self }, null, 5)).items,
      };
    },

    async events(viewer, input) {
      const scope = await resolveAuditScope(ctx, viewer, input.scope);
      const limit = Math.min(Math.max(Math.trunc(input.limit ?? 25), 1), 100);
      return page(toFilter(scope, input), input.cursor ? decodeCursor(input.cursor) : null, limit);
    },

    async *exportEvents(viewer, query) {
      const filter = toFilter(await resolveAuditScope(ctx, viewer, query.scope), query);
      let after: AuditPosition | null = null;
      for (;;) {
        const rows = await listAuditEvents(ctx.db, filter, { after, limit: EXPORT_PAGE });
        for (const row of rows) yield toAuditEventView(row);
        const last = rows[rows.length - 1];
        if (rows.length < EXPORT_PAGE || !last) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },

    async analytics(viewer, input) {
      const span = input.to.getTime() - input.from.getTime();
      if (!(span > 0) || span > MAX_ANALYTICS_DAYS * DAY_MS) throw APIError.from(400, "INVALID_DATE_RANGE");
      const scope = await resolveAuditScope(ctx, viewer, input.scope);
      return buildAnalytics(ctx.db, scope, input.from, input.to);
    },
  };
}

async function organizationSummary(ctx: AuthContext, viewer: AuditViewer, now: Date): Promise<AuditOverview["organization"]> {
  if (!viewer.activeOrganizationId) return null;
  const organization = await findOrganizationById(ctx.db, viewer.activeOrganizationId);
  const member = organization ? await findMember(ctx.db, organization.id, viewer.userId) : undefined;
  if (!organization || !member) return null;
  const plan = planOf(organization.plan);
  const usage = await readSeatUsage(ctx.db, organization.id, now);
  return {
    id: organization.id,
    name: organization.name,
    role: member.role,
    plan: plan.id,
    seatsUsed: usage.members,
    seatLimit: plan.seatLimit,
    // The organization's log is one of its pages: not for a member its two-factor rule stops.
    canViewAudit: hasPermission(member.role, { audit: ["read"] }) && (await meetsTwoFactorRule(ctx, organization, viewer.userId)),
  };
}
