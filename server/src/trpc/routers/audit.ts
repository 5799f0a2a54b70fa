import type { AuditAnalytics, AuditEventPage, AuditOverview } from "../../shared/audit-views.js";
import { protectedProcedure, router, toTRPCError } from "../trpc.js";
import { auditAnalyticsInputSchema, auditEventsInputSchema, viewerOf } from "./audit-input.js";

/**
 * The audit log: the dashboard overview, the event list (a person's own, or the
 * active organization's for those the access-control matrix grants audit:read), and analytics.
 * The queries live in the product (product/audit/); this is the typed, validated door to them.
 */
export const auditRouter = router({
  overview: protectedProcedure.query(async ({ ctx }): Promise<AuditOverview> => {
    try {
      return await ctx.product.audit.overview(viewerOf(ctx.session));
    } catch (error) {
      throw toTRPCError(error);
    }
  }),

  events: protectedProcedure.input(auditEventsInputSchema).query(async ({ ctx, input }): Promise<AuditEventPage> => {
    try {
      return await ctx.product.audit.events(viewerOf(ctx.session), input);
    } catch (error) {
      throw toTRPCError(error);
    }
  }),

  analytics: protectedProcedure.input(auditAnalyticsInputSchema).query(async ({ ctx, input }): Promise<AuditAnalytics> => {
    try {
      return await ctx.product.audit.analytics(viewerOf(ctx.session), input);
    } catch (error) {
      throw toTRPCError(error);
    }
  }),
});
