import { z } from "zod";
import { ADMIN_USER_FILTERS, type AdminPerson, type AdminStats, type AdminUserPage } from "../../shared/admin-console.js";
import { inputText } from "../input-rules.js";
import { adminProcedure, router, toTRPCError } from "../trpc.js";

/**
 * The operator's console: what better-auth's admin endpoints do not answer (last
 * sign-in and methods per person, a person's whole page, installation counts). Actions go through
 * /api/auth/admin/*, where the same role is checked again.
 */
export const adminRouter = router({
  users: adminProcedure
    .input(
      z.object({
        search: inputText().max(256).optional(),
        filter: z.enum(ADMIN_USER_FILTERS).optional(),
        limit: z.number().int().min(1).max(100).optional(),
        offset: z.number().int().min(0).max(1_000_000).optional(),
      }),
    )
    .query(async ({ ctx, input }): Promise<AdminUserPage> => {
      try {
        return await ctx.product.adminConsole.users(input);
      } catch (error) {
        throw toTRPCError(error);
      }
    }),

  person: adminProcedure.input(z.object({ userId: inputText().min(1).max(256) })).query(async ({ ctx, input }): Promise<AdminPerson> => {
    try {
      return await ctx.product.adminConsole.person(input.userId);
    } catch (error) {
      throw toTRPCError(error);
    }
  }),

  stats: adminProcedure.query(async ({ ctx }): Promise<AdminStats> => {
    try {
      return await ctx.product.adminConsole.stats();
    } catch (error) {
      throw toTRPCError(error);
    }
  }),
});
