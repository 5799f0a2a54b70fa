import { defineEndpoint } from "../../endpoint.js";
import { toWirePasskey } from "../../passkey/wire-passkey.js";
import type { WirePasskey } from "../../shared/wire-types.js";
import { findPasskeysByUserId } from "../../store/passkey-store.js";

/** Spec §7 GET /passkey/list-user-passkeys: the caller's own passkeys, oldest first. */
export const listPasskeys = defineEndpoint({
  name: "listPasskeys",
  method: "GET",
  path: "/passkey/list-user-passkeys",
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WirePasskey[]> {
    const rows = await findPasskeysByUserId(ctx.db, session.user.id);
    return rows.map(toWirePasskey);
  },
});
