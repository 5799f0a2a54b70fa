import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { findTwoFactor, putUnverifiedTwoFactor } from "../../store/two-factor-store.js";
import { issueBackupCodes } from "../../two-factor/backup-codes.js";
import { buildTOTPURI, generateTOTPSecret } from "../../two-factor/totp.js";
import { checkPasswordOrFreshSession, encryptTOTPSecret, optionalPasswordField } from "./shared.js";

const body = z.object({
  password: optionalPasswordField,
  issuer: z.string().min(1).max(100).optional(),
  // better-auth also has "otp" (mailed codes only); Gatehouse mails codes beside an app, never instead.
  method: z.literal("totp").optional(),
});

/**
 * better-auth's POST /two-factor/enable: a new TOTP secret and ten backup codes, answered once.
 * Two-factor is on only after the first valid code (verify-totp); until then sign-in is as before
 * and calling enable again starts over.
 */
export const enableTwoFactor = defineEndpoint({
  name: "enableTwoFactor",
  method: "POST",
  path: "/two-factor/enable",
  body,
  session: "required",
  feature: "twoFactor",
  // better-auth's twoFactor rule: 3 per 10 s on /two-factor/*.
  rateLimit: { window: 10, max: 3 },
  audit: { none: "a secret that is not in use yet: verify-totp turns two-factor on and writes two-factor-enabled" },
  async handler({ ctx, body, session }): Promise<{ method: "totp"; totpURI: string; backupCodes: string[] }> {
    const { user } = session;
    await checkPasswordOrFreshSession(ctx, session, body.password);
    if ((await findTwoFactor(ctx.db, user.id))?.verified === 1) throw APIError.from(400, "TOTP_ALREADY_ENABLED");
    const secret = generateTOTPSecret(ctx.random);
    const backupCodes = await ctx.db.transaction().execute(async (trx) => {
      await putUnverifiedTwoFactor(trx, { id: generateId(ctx.random), userId: user.id, secret: encryptTOTPSecret(ctx, secret), now: ctx.clock.now() });
      return issueBackupCodes(ctx, trx, user.id);
    });
    return { method: "totp", totpURI: buildTOTPURI(secret, body.issuer ?? ctx.options.twoFactor.issuer, user.email), backupCodes };
  },
});
