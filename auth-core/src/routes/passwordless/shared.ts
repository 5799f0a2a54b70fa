import type { AuthContext } from "../../context.js";
import { APIError } from "../../errors.js";

/** Magic link off (the default): its endpoints answer 404, as better-auth without the plugin. */
export function assertMagicLinkOn(ctx: AuthContext): void {
  if (!ctx.options.passwordless.magicLink.enabled) throw APIError.from(404, "NOT_FOUND");
}

/** Email OTP off (the default): its endpoints answer 404, as better-auth without the plugin. */
export function assertEmailOTPOn(ctx: AuthContext): void {
  if (!ctx.options.passwordless.emailOTP.enabled) throw APIError.from(404, "NOT_FOUND");
}
