import { defineEndpoint } from "../../endpoint.js";
import { clearTrustCookie, forgetTrustedDevices } from "../../two-factor/trusted-device.js";

/**
 * Gatehouse's own (no better-auth endpoint): every browser the caller trusted to skip the second
 * step must answer it again. Server-only, like set-password: the web app reaches it through tRPC.
 */
export const forgetTrustedDevicesEndpoint = defineEndpoint({
  name: "forgetTrustedDevices",
  method: "POST",
  path: "/two-factor/forget-trusted-devices",
  session: "required",
  feature: "twoFactor",
  serverOnly: true,
  rateLimit: "default",
  audit: { none: "forgets which browsers skip the second step; no account setting changes" },
  async handler({ ctx, session, response }): Promise<{ status: boolean }> {
    await forgetTrustedDevices(ctx.db, session.user.id);
    clearTrustCookie(ctx, response);
    return { status: true };
  },
});
