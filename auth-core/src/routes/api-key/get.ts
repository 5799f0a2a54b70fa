import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { findManageableKey } from "../../api-key/manage.js";
import { toWireApiKey } from "../../api-key/wire.js";
import type { WireApiKey } from "../../shared/wire-types.js";

const query = z.object({ id: z.string().min(1).max(128), configId: z.string().max(64).optional() });

/** GET /api-key/get?id=: one of the caller's keys (or their organization's), never the key itself. */
export const getApiKey = defineEndpoint({
  name: "getApiKey",
  method: "GET",
  path: "/api-key/get",
  query,
  session: "required",
  feature: "apiKey",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, session }): Promise<WireApiKey> {
    return toWireApiKey(await findManageableKey(ctx, session.user.id, query.id));
  },
});
