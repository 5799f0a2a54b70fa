import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { APIError } from "@gatehouse/auth-core";
import { protectedProcedure, router } from "../trpc.js";

/** An auth-core refusal keeps its spec §8 message; its status picks the tRPC code. */
function toTRPCError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = error.status === 401 ? "UNAUTHORIZED" : error.status === 403 ? "FORBIDDEN" : error.status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
  return new TRPCError({ code, message: error.message, cause: error });
}

export const accountRouter = router({
  /**
   * Spec §6: set-password is server-only in the auth service; a signed-in person without a
   * password (Google or passkey sign-up) sets their first one through this procedure.
   */
  setPassword: protectedProcedure
    .input(z.object({ newPassword: z.string().min(1).max(4096) }))
    .mutation(async ({ ctx, input }): Promise<{ status: boolean }> => {
      try {
        return await ctx.auth.api.setPassword({ body: { newPassword: input.newPassword }, headers: ctx.headers });
      } catch (error) {
        throw toTRPCError(error);
      }
    }),
});
