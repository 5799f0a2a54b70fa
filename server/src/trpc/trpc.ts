import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPCContext } from "./context.js";
import { dateTransformer } from "@gatehouse/auth-core/shared";

/** @see https://trpc.io/docs/server/routers */
const t = initTRPC.context<TRPCContext>().create({ transformer: dateTransformer });

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;

/** The only way a procedure requires a signed-in user. */
export const protectedProcedure = t.procedure.use(function requireSession({ ctx, next }) {
  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "You need to sign in to access this page." });
  return next({ ctx: { ...ctx, session: ctx.session } });
});
