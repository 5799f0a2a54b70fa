import { protectedProcedure, publicProcedure, router } from "../trpc.js";

export const appRouter = router({
  health: publicProcedure.query(() => ({ ok: true })),
  auth: router({
    /** Spec §7: the auth session query returns user and session. */
    session: protectedProcedure.query(({ ctx }) => ({ user: ctx.session.user, session: ctx.session.session })),
  }),
});

export type AppRouter = typeof appRouter;
