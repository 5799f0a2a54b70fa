import { defineEndpoint } from "../../endpoint.js";
import { toWireOrganization } from "../../organization/wire.js";
import { listOrganizationsOfUser } from "../../store/organization-store.js";
import type { WireOrganization } from "../../shared/wire-types.js";

/** The organizations the caller belongs to (the organization switcher's list). */
export const listOrganizations = defineEndpoint({
  name: "listOrganizations",
  method: "GET",
  path: "/organization/list",
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WireOrganization[]> {
    return (await listOrganizationsOfUser(ctx.db, session.user.id)).map(toWireOrganization);
  },
});
