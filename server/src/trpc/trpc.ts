import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPCContext } from "./context.js";
import { isAdminRole } from "@gatehouse/auth-core/shared";
import { dateTransformer } from "../shared/date-transformer.js";
import { APIError, assertAllowedWhileImpersonating } from "@gatehouse/auth-core";
import { toTRPCError } from "./trpc-error.js";

// The routers take the refusal mapping from here with the procedures.
export { toTRPCError };

/**
 * No answer carries a stack: tRPC's default formatter adds one whenever NODE_ENV is
 * not "production" (isDev), so isDev is off everywhere. An unexpected failure (not a refusal of
 * ours) answers a generic message: its own may name tables or values.
 * @see https://trpc.io/docs/server/routers
 */
const t = initTRPC.context<TRPCContext>().create({
  transformer: dateTransformer,
  isDev: false,
  errorFormatter({ shape, error }) {
    const unexpected = error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof APIError);
    return unexpected ? { ...shape, message: "Internal server error" } : shape;
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;

/**
 * The only way a procedure requires a signed-in user. A mutation through an impersonation
 * session is held to auth-core's impersonation rule, the one /api/auth's session gate applies.
 */
export const protectedProcedure = t.procedure.use(function requireSession({ ctx, type, next }) {
  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "You need to sign in to access this page." });
  try {
    assertAllowedWhileImpersonating(ctx.session.session, { admin: false, changesState: type === "mutation" });
  } catch (error) {
    throw toTRPCError(error);
  }
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/**
 * Operators only. The role comes with the session read for this request (a role change applies
 * at once), and an admin acting as someone else is that person here (the impersonation rule).
 */
export const adminProcedure = protectedProcedure.use(function requireAdmin({ ctx, next }) {
  try {
    assertAllowedWhileImpersonating(ctx.session.session, { admin: true, changesState: false });
  } catch (error) {
    throw toTRPCError(error);
  }
  if (!isAdminRole(ctx.session.user.role)) throw new TRPCError({ code: "FORBIDDEN", message: "Only admins may use the admin console." });
  return next();
});
