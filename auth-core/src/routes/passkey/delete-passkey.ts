import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { deletePasskeyOfUser, findPasskeyById } from "../../store/passkey-store.js";

const body = z.object({ id: z.string().min(1).max(128) });

/**
 * POST /passkey/delete-passkey {id}: removes one of the caller's passkeys, never another's. A
 * fresh session only, and the owner is told: a stolen session must not quietly take
 * away the owner's way in, as it may not add one either.
 */
export const deletePasskey = defineEndpoint({
  name: "deletePasskey",
  method: "POST",
  path: "/passkey/delete-passkey",
  body,
  session: "fresh",
  rateLimit: "default",
  audit: ["passkey-deleted"],
  async handler({ ctx, body, session, audit, headers }): Promise<{ status: boolean }> {
    const userId = session.user.id;
    const passkey = await findPasskeyById(ctx.db, body.id);
    if (!passkey) throw APIError.from(404, "PASSKEY_NOT_FOUND");
    // The delete itself is also scoped to the owner, so a check-then-act race cannot widen it.
    const deleted =
      passkey.userId === userId &&
      (await audit.change(async (trx, log) => {
        if (!(await deletePasskeyOfUser(trx, body.id, userId))) {
          log.unchanged(); // deleted meanwhile: nothing to record
          return false;
        }
        await log.write({ userId, type: "passkey-deleted", method: "passkey", detail: { passkeyId: passkey.id } });
        return true;
      }));
    if (!deleted) {
      await audit.record({ userId, type: "passkey-deleted", outcome: "failure", detail: { reason: "not-owner" } });
      throw APIError.from(401, "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY");
    }
    sendAccountNotice(ctx, session.user, session.user.email, { kind: "passkey-deleted", passkeyName: passkey.name ?? null }, headers);
    return { status: true };
  },
});
