import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { deleteAccount, findAccountsByUserId } from "../../store/account-store.js";

const body = z.object({
  providerId: z.string().max(64),
  accountId: z.string().max(512).optional(),
});

/**
 * Spec §7 POST /unlink-account, with the fresh-session check of §6. The last account (the
 * password counts as one) is kept unless allowUnlinkingAll (FAILED_TO_UNLINK_LAST_ACCOUNT).
 */
export const unlinkAccount = defineEndpoint({
  name: "unlinkAccount",
  method: "POST",
  path: "/unlink-account",
  body,
  session: "fresh",
  rateLimit: "default",
  audit: ["account-unlinked"],
  async handler({ ctx, body, session, client, audit }): Promise<{ status: boolean }> {
    const accounts = await findAccountsByUserId(ctx.db, session.user.id);
    if (accounts.length === 1 && !ctx.options.social.accountLinking.allowUnlinkingAll) {
      throw APIError.from(400, "FAILED_TO_UNLINK_LAST_ACCOUNT");
    }
    const account = accounts.find((a) => a.providerId === body.providerId && (body.accountId === undefined || a.accountId === body.accountId));
    if (!account) throw APIError.from(400, "ACCOUNT_NOT_FOUND");
    await audit.change(async (trx, log) => {
      await deleteAccount(trx, account.id);
      await log.write({ userId: session.user.id, type: "account-unlinked", method: account.providerId });
    });
    return { status: true };
  },
});
