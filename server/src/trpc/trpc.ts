import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPCContext } from "./context.js";
import { isAdminRole } from "@gatehouse/auth-core/shared";
import { dateTransformer } from "../shared/date-transformer.js";
import { APIError, assertAllowedWhileImpersonating } from "@gatehouse/auth-core";
import { requestHeadersOf, toTRPCError, translatedTRPCMessage } from "./trpc-error.js";

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
    errorFormatter({ shape, error, ctx }) {
      const unexpected = error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof APIError);
      const answered = unexpected
        ? new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", cause: APIError.from(500, "INTERNAL_SERVER_ERROR") })
        : error;
      // In the request's language as /api/auth answers: same codes, `message` translated, the English in `originalMessage`.
      const translated = translatedTRPCMessage(answered, ctx?.headers ?? requestHeadersOf(error));
      if (translated) return { ...shape, ...translated };
      return unexpected ? { ...shape, message: answered.message } : shape;
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
  if (!ctx.session) throw toTRPCError(APIError.from(401, "SIGN_IN_REQUIRED"));
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
  if (!isAdminRole(ctx.session.user.role)) throw toTRPCError(APIError.from(403, "ADMIN_CONSOLE_ADMINS_ONLY"));
  return next();
});
