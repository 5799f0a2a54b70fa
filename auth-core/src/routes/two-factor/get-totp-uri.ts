import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { findTwoFactor } from "../../store/two-factor-store.js";
import { buildTOTPURI } from "../../two-factor/totp.js";
import { checkPasswordOrFreshSession, decryptTOTPSecret, optionalPasswordField } from "./shared.js";

/** better-auth's POST /two-factor/get-totp-uri: the URI again (another app), behind the password. */
export const getTOTPURI = defineEndpoint({
  name: "getTOTPURI",
  method: "POST",
  path: "/two-factor/get-totp-uri",
  body: z.object({ password: optionalPasswordField }),
  session: "required",
  feature: "twoFactor",
  rateLimit: { window: 10, max: 3 },
  audit: { none: "reads the secret back behind the password" },
  async handler({ ctx, body, session }): Promise<{ totpURI: string }> {
    const row = await findTwoFactor(ctx.db, session.user.id);
    if (!row) throw APIError.from(400, "TOTP_NOT_ENABLED");
    await checkPasswordOrFreshSession(ctx, session, body.password);
    return { totpURI: buildTOTPURI(decryptTOTPSecret(ctx, row.secret), ctx.options.twoFactor.issuer, session.user.email) };
  },
});
