import { z } from "zod";
import { inputText } from "../input-rules.js";
import { rateLimitedProcedure } from "../mutation-rate-limit.js";
import { router, toTRPCError } from "../trpc.js";

export const accountRouter = router({
  /**
   * Spec §6: set-password is server-only in the auth service; a signed-in person without a
   * password (Google or passkey sign-up) sets their first one through this procedure.
   */
  setPassword: rateLimitedProcedure
    .input(z.object({ newPassword: inputText().min(1).max(4096) }))
    .mutation(async ({ ctx, input }): Promise<{ status: boolean }> => {
      try {
        return await ctx.auth.api.setPassword({ body: { newPassword: input.newPassword }, headers: ctx.headers });
      } catch (error) {
        throw toTRPCError(error);
      }
    }),
  /** Two-factor: every browser trusted to skip the second step answers it again (auth-core's server-only call). */
  forgetTrustedDevices: rateLimitedProcedure.mutation(async ({ ctx }): Promise<{ status: boolean }> => {
    try {
      return await ctx.auth.api.forgetTrustedDevices({ headers: ctx.headers });
    } catch (error) {
      throw toTRPCError(error);
    }
  }),
});
