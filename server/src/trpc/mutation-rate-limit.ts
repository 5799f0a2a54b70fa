import { TRPCError } from "@trpc/server";
import { APIError, type RateLimitRule } from "@gatehouse/auth-core";
import { protectedProcedure } from "./trpc.js";

/**
 * The limit of each signed-in person on each mutation: as auth-core's admin set-user-password
 * (a password hash per call, a credential changed). The procedures call the auth service in
 * process, where /api/auth's per-address limits never apply.
 */
export const MUTATION_RATE_LIMIT: RateLimitRule = { window: 60, max: 10 };

/**
 * A signed-in procedure whose calls count against MUTATION_RATE_LIMIT, per person and procedure,
 * in auth-core's own rate limiter (memory, or the rateLimit table that every process on one
 * PostgreSQL shares) and only while its rate limits are on (RATE_LIMIT). Past the limit: 429
 * TOO_MANY_REQUESTS, the procedure not run. Windows are keyed by user id and procedure path.
 */
export const rateLimitedProcedure = protectedProcedure.use(async function limitPerPerson({ ctx, path, next }) {
  const { rateLimit } = ctx.auth.context.options;
  if (rateLimit.enabled) {
    const decision = await ctx.auth.context.rateLimiter.hit(`trpc:${path}|user:${ctx.session.user.id}`, MUTATION_RATE_LIMIT, ctx.auth.context.clock.now());
    if (!decision.allowed) {
      const refusal = APIError.from(429, "TOO_MANY_REQUESTS");
      throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: refusal.message, cause: refusal });
    }
  }
  return next();
});
