import type { AuthContext } from "../context.js";
import type { ResponseDraft } from "../endpoint.js";
import type { UserRow } from "../store/database.js";
import { findTwoFactor } from "../store/two-factor-store.js";
import { beginPendingStep } from "./pending-step.js";
import { takeTrustedDevice } from "./trusted-device.js";

/** better-auth's answer to a password sign-in that needs the second step. */
export interface TwoFactorRedirect {
  twoFactorRedirect: true;
  twoFactorMethods: Array<"totp" | "otp">;
}

/**
 * Called once the password is proven: null when the sign-in may start a session now (2FA off
 * for the person, or this browser trusted by them); otherwise the pending step begins, with its
 * cookie on the answer, and no session is made.
 */
export async function secondStepFor(
  ctx: AuthContext,
  input: { user: UserRow; rememberMe: boolean; headers: Headers; response: ResponseDraft },
): Promise<TwoFactorRedirect | null> {
  if (!ctx.options.twoFactor.enabled || input.user.twoFactorEnabled !== 1) return null;
  if (await takeTrustedDevice(ctx, input.headers, input.response, input.user.id)) return null;
  await beginPendingStep(ctx, input.headers, input.response, { userId: input.user.id, rememberMe: input.rememberMe });
  const twoFactorMethods: TwoFactorRedirect["twoFactorMethods"] = [];
  if ((await findTwoFactor(ctx.db, input.user.id))?.verified === 1) twoFactorMethods.push("totp");
  if (ctx.options.twoFactor.otpEnabled) twoFactorMethods.push("otp");
  return { twoFactorRedirect: true, twoFactorMethods };
}
