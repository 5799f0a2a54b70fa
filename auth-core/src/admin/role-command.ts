import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { createAudit } from "../audit/audit-log.js";
import { normalizeEmail } from "../email/email-address.js";
import { toWireUser } from "../http/public-json.js";
import { rolesOf, type ApplicationRole } from "../shared/admin-roles.js";
import type { WireUser } from "../shared/wire-types.js";
import { findUserByEmail } from "../store/user-store.js";
import { changeUserRole } from "./admin-actions.js";

/** The operator's commands from the machine (no session, no endpoint). */
export interface AdminCommands {
  /**
   * `npm run admin -- grant|revoke <email>`: the role set from the machine, with a row in the
   * person's log. The last admin keeps the role. Answers whether anything changed.
   */
  setRoleByEmail(email: string, role: ApplicationRole): Promise<{ changed: boolean; user: WireUser }>;
}

export function createAdminCommands(ctx: AuthContext): AdminCommands {
  return {
    async setRoleByEmail(email, role) {
      const user = await findUserByEmail(ctx.db, normalizeEmail(email));
      if (!user) throw APIError.from(404, "USER_NOT_FOUND");
      const same = rolesOf(user.role).join(",") === role;
      const updated = same
        ? user
        : await changeUserRole(ctx, {
            adminId: null,
            target: user,
            role,
            // The machine's command is no endpoint: it writes its row through an audit of its own.
            audit: createAudit(ctx, { ipAddress: null, userAgent: null }, ["user-role-changed"]),
            detail: { source: "command" },
          });
      return { changed: !same, user: toWireUser(updated) };
    },
  };
}
