import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { findManageableKey, requireApiKeysEnabled } from "../../api-key/manage.js";
import { writeAuditEvent } from "../../security/security-events.js";
import { deleteApiKeyById } from "../../store/api-key-store.js";

const body = z.object({ keyId: z.string().min(1).max(128), configId: z.string().max(64).optional() });

/** POST /api-key/delete {keyId} → { success: true }: the key stops working at once. */
export const deleteApiKey = defineEndpoint({
  name: "deleteApiKey",
  method: "POST",
  path: "/api-key/delete",
  body,
  session: "required",
  async handler({ ctx, body, session, client }): Promise<{ success: boolean }> {
    requireApiKeysEnabled(ctx);
    const record = await findManageableKey(ctx, session.user.id, body.keyId);
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await deleteApiKeyById(trx, record.id))) throw APIError.from(404, "KEY_NOT_FOUND");
      await writeAuditEvent(ctx, trx, {
        userId: session.user.id,
        type: "api-key-deleted",
        outcome: "success",
        method: "api-key",
        organizationId: record.organizationId,
        client,
        detail: { keyId: record.id, name: record.name, start: record.start },
      });
    });
    return { success: true };
  },
});
