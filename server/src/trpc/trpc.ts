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
 *
 * A procedure's meta (`.meta({...})`): `impersonation: "allowed"` lets a mutation run through an
 * impersonation session (an admin acting as the person), as an /api/auth endpoint's declaration
 * does; none does today. The type stays a literal: the web app's client types name the router's
 * types, and a named interface here would have to be exported to it.
 */
const t = initTRPC
  .context<TRPCContext>()
  .meta<{ impersonation?: "allowed" }>()
  .create({
    transformer: dateTransformer,
    isDev: false,
    errorFormatter({ shape, error }) {
      const unexpected = error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof APIError);
      return unexpected ? { ...shape, message: "Internal server error" } : shape;
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure, whether it needs a session or not: a call made through an impersonation
 * session is held to auth-core's impersonation rule, the one /api/auth's session gate applies, in
 * this one place. A mutation is refused (403 FORBIDDEN, NOT_ALLOWED_WHILE_IMPERSONATING's message)
 * unless its meta declares `impersonation: "allowed"`; a query reads.
 */
export const publicProcedure = t.procedure.use(function impersonationRule({ ctx, type, meta, next }) {
  if (ctx.session) {
    try {
      assertAllowedWhileImpersonating(ctx.session.session, { admin: false, changesState: type === "mutation", impersonation: meta?.impersonation });
    } catch (error) {
      throw toTRPCError(error);
    }
  }
  return next();
});

/** The only way a procedure requires a signed-in user (and so the impersonation rule above). */
export const protectedProcedure = publicProcedure.use(function requireSession({ ctx, next }) {
  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "You need to sign in to access this page." });
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
