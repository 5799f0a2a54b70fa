import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWirePasskey } from "../../passkey/wire-passkey.js";
import { recordSecurityEvent, writeAuditEvent } from "../../security/security-events.js";
import type { WirePasskey } from "../../shared/wire-types.js";
import { findPasskeyById, renamePasskey } from "../../store/passkey-store.js";

const body = z.object({ id: z.string().min(1).max(128), name: z.string().max(255) });

/** POST /passkey/update-passkey {id, name}: renames one of the caller's passkeys, never another's. */
export const updatePasskey = defineEndpoint({
  name: "updatePasskey",
  method: "POST",
  path: "/passkey/update-passkey",
  body,
  session: "required",
  async handler({ ctx, body, session, client }): Promise<{ passkey: WirePasskey }> {
    const userId = session.user.id;
    const passkey = await findPasskeyById(ctx.db, body.id);
    if (!passkey) throw APIError.from(404, "PASSKEY_NOT_FOUND");
    if (passkey.userId !== userId) {
      await recordSecurityEvent(ctx, { userId, type: "passkey-renamed", outcome: "failure", client, detail: { reason: "not-owner" } });
      throw APIError.from(401, "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY");
    }
    // Scoped to the owner as well; gone in between means it was deleted meanwhile.
    const renamed = await ctx.db.transaction().execute(async (trx) => {
      const row = await renamePasskey(trx, body.id, userId, body.name);
      if (row)
        await writeAuditEvent(ctx, trx, { userId, type: "passkey-renamed", outcome: "success", method: "passkey", client, detail: { passkeyId: row.id } });
      return row;
    });
    if (!renamed) throw APIError.from(404, "PASSKEY_NOT_FOUND");
    return { passkey: toWirePasskey(renamed) };
  },
});
