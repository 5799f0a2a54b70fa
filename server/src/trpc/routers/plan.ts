import { z } from "zod";
import { PLANS, type OrganizationPlanView, type PlanId } from "../../shared/plans.js";
import { rateLimitedProcedure } from "../mutation-rate-limit.js";
import { protectedProcedure, router, toTRPCError } from "../trpc.js";
import { viewerOf } from "./audit-input.js";

const planIds = PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];

/** The active organization's plan: stored state, seat limits, owners change it. */
export const planRouter = router({
  get: protectedProcedure.query(async ({ ctx }): Promise<OrganizationPlanView | null> => {
    try {
      return await ctx.product.plans.get(viewerOf(ctx.session));
    } catch (error) {
      throw toTRPCError(error);
    }
  }),

  set: rateLimitedProcedure.input(z.object({ plan: z.enum(planIds) })).mutation(async ({ ctx, input }): Promise<OrganizationPlanView> => {
    try {
      return await ctx.product.plans.set(viewerOf(ctx.session), input.plan, ctx.client ?? { ipAddress: null, userAgent: ctx.headers.get("user-agent") });
    } catch (error) {
      throw toTRPCError(error);
    }
  }),
});
