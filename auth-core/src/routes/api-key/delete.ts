import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { findManageableKey } from "../../api-key/manage.js";
import { deleteApiKeyById } from "../../store/api-key-store.js";

const body = z.object({ keyId: z.string().min(1).max(128), configId: z.string().max(64).optional() });

/** POST /api-key/delete {keyId} → { success: true }: the key stops working at once. */
export const deleteApiKey = defineEndpoint({
  name: "deleteApiKey",
  method: "POST",
  path: "/api-key/delete",
  body,
  session: "required",
  feature: "apiKey",
  rateLimit: "default",
  audit: ["api-key-deleted"],
  async handler({ ctx, body, session, audit }): Promise<{ success: boolean }> {
    const record = await findManageableKey(ctx, session.user.id, body.keyId);
    await audit.change(async (trx, log) => {
      if (!(await deleteApiKeyById(trx, record.id))) throw APIError.from(404, "KEY_NOT_FOUND");
      await log.write({
        userId: session.user.id,
        type: "api-key-deleted",
        method: "api-key",
        organizationId: record.organizationId,
        detail: { keyId: record.id, name: record.name, start: record.start },
      });
    });
    return { success: true };
  },
});
