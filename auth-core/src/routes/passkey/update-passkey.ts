import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWirePasskey } from "../../passkey/wire-passkey.js";
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
  rateLimit: "default",
  audit: ["passkey-renamed"],
  async handler({ ctx, body, session, client, audit }): Promise<{ passkey: WirePasskey }> {
    const userId = session.user.id;
    const passkey = await findPasskeyById(ctx.db, body.id);
    if (!passkey) throw APIError.from(404, "PASSKEY_NOT_FOUND");
    if (passkey.userId !== userId) {
      await audit.record({ userId, type: "passkey-renamed", outcome: "failure", detail: { reason: "not-owner" } });
      throw APIError.from(401, "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY");
    }
    // Scoped to the owner as well; gone in between means it was deleted meanwhile.
    const renamed = await audit.change(async (trx, log) => {
      const row = await renamePasskey(trx, body.id, userId, body.name);
      if (row) await log.write({ userId, type: "passkey-renamed", method: "passkey", detail: { passkeyId: row.id } });
      else log.unchanged(); // not the caller's passkey: nothing renamed
      return row;
    });
    if (!renamed) throw APIError.from(404, "PASSKEY_NOT_FOUND");
    return { passkey: toWirePasskey(renamed) };
  },
});
