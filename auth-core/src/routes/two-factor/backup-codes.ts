import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { consumeBackupCode, findTwoFactor } from "../../store/two-factor-store.js";
import { backupCodeHashes, issueBackupCodes } from "../../two-factor/backup-codes.js";
import { acceptCode, findAnswerer, refuseCode, reserveCodeCheck } from "../../sign-in/second-step.js";
import type { WireUser } from "../../shared/wire-types.js";
import { checkPasswordOrFreshSession, codeField, optionalPasswordField } from "./shared.js";

/** better-auth's POST /two-factor/generate-backup-codes: ten new codes, the old ones void; the owner is told. */
export const generateBackupCodes = defineEndpoint({
  name: "generateBackupCodes",
  method: "POST",
  path: "/two-factor/generate-backup-codes",
  body: z.object({ password: optionalPasswordField }),
  session: "required",
  feature: "twoFactor",
  rateLimit: { window: 10, max: 3 },
  audit: ["two-factor-backup-codes-regenerated"],
  async handler({ ctx, body, session, audit, headers }): Promise<{ status: boolean; backupCodes: string[] }> {
    const { user } = session;
    if (user.twoFactorEnabled !== 1) throw APIError.from(400, "TWO_FACTOR_NOT_ENABLED");
    await checkPasswordOrFreshSession(ctx, session, body.password);
    const backupCodes = await audit.change(async (trx, log) => {
      const codes = await issueBackupCodes(ctx, trx, user.id);
      await log.write({ userId: user.id, type: "two-factor-backup-codes-regenerated" });
      return codes;
    });
    sendAccountNotice(ctx, user, user.email, { kind: "backup-codes-regenerated" }, headers);
    return { status: true, backupCodes };
  },
});

/**
 * better-auth's POST /two-factor/verify-backup-code: a backup code instead of the app's code,
 * used up in one `delete … returning` (two requests with the same code: one wins).
 */
export const verifyBackupCode = defineEndpoint({
  name: "verifyBackupCode",
  method: "POST",
  path: "/two-factor/verify-backup-code",
  body: z.object({ code: codeField, trustDevice: z.boolean().optional(), disableSession: z.boolean().optional() }),
  session: "optional",
  feature: "twoFactor",
  rateLimit: { window: 10, max: 3 },
  audit: ["two-factor-verified", "sign-in", "anonymous-linked"],
  async handler(call): Promise<{ token: string; user: WireUser }> {
    const { ctx, body, audit } = call;
    const answerer = await findAnswerer(call, { countAttempt: true, allowSession: true });
    const user = answerer.kind === "sign-in" ? answerer.user : answerer.active.user;
    if ((await findTwoFactor(ctx.db, user.id))?.verified !== 1) throw APIError.from(400, "BACKUP_CODES_NOT_ENABLED");
    await reserveCodeCheck(ctx, answerer);
    if (!(await consumeBackupCode(ctx.db, user.id, backupCodeHashes(ctx, body.code))))
      return refuseCode({ ...call, audit }, answerer, "backup-code", "INVALID_BACKUP_CODE");
    return acceptCode({ ...call, audit }, answerer, "backup-code", body.trustDevice === true);
  },
});
