import { z } from "zod";
import { requireUser } from "../../admin/admin-actions.js";
import { defineEndpoint } from "../../endpoint.js";
import { toWireUser } from "../../http/public-json.js";
import type { WireUser } from "../../shared/wire-types.js";

/** better-auth's admin get-user: the user itself, not wrapped. */
export const getUserEndpoint = defineEndpoint({
  name: "getUser",
  method: "GET",
  path: "/admin/get-user",
  query: z.object({ id: z.string().min(1).max(256) }),
  session: "required",
  admin: { permissions: { user: ["get"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_GET_USER" },
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query }): Promise<WireUser> {
    return toWireUser(await requireUser(ctx, query.id));
  },
});
