import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { requireManagedProvider } from "../../sso/access.js";
import { toWireSsoProvider, type WireSsoProvider } from "../../sso/provider-config.js";
import { checkPermission } from "../../shared/access-control.js";
import { listMembershipsOfUser } from "../../store/member-store.js";
import { listSsoProvidersOfOrganizations } from "../../store/sso-store.js";
import { providerIdInput } from "./register.js";

/** @better-auth/sso GET /sso/providers: the providers of every organization the caller manages. */
export const listSsoProviders = defineEndpoint({
  name: "listSSOProviders",
  method: "GET",
  path: "/sso/providers",
  session: "required",
  rateLimit: "default",
  audit: { none: "a read" },
  async handler({ ctx, session }): Promise<{ providers: WireSsoProvider[] }> {
    const memberships = await listMembershipsOfUser(ctx.db, session.user.id);
    const managed = memberships.filter((m) => checkPermission(m.role, { organization: ["update"] }).success).map((m) => m.organizationId);
    const rows = await listSsoProvidersOfOrganizations(ctx.db, managed);
    return { providers: rows.map((row) => toWireSsoProvider(ctx, row)) };
  },
});

/** @better-auth/sso GET /sso/get-provider?providerId=: for a manager of its organization; never the secret. */
export const getSsoProvider = defineEndpoint({
  name: "getSSOProvider",
  method: "GET",
  path: "/sso/get-provider",
  query: z.object({ providerId: providerIdInput }),
  session: "required",
  rateLimit: "default",
  audit: { none: "a read" },
  async handler({ ctx, query, session }): Promise<WireSsoProvider> {
    return toWireSsoProvider(ctx, await requireManagedProvider(ctx, session, query.providerId));
  },
});
