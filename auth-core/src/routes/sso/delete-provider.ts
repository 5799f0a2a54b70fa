import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { requireManagedProvider } from "../../sso/access.js";
import { deleteAccountsOfSsoProvider, deleteSsoProvider } from "../../store/sso-store.js";
import { providerIdInput } from "./register.js";

/**
 * @better-auth/sso POST /sso/delete-provider. The people's links through it go with it (a
 * provider registered later under the same id is another one); their accounts and memberships
 * stay. A sign-in already at the identity provider finds no provider when it comes back.
 */
export const deleteSsoProviderEndpoint = defineEndpoint({
  name: "deleteSSOProvider",
  method: "POST",
  path: "/sso/delete-provider",
  body: z.object({ providerId: providerIdInput }),
  session: "required",
  rateLimit: "default",
  audit: ["sso-provider-deleted"],
  async handler({ ctx, body, session, audit }): Promise<{ success: true }> {
    const row = await requireManagedProvider(ctx, session, body.providerId);
    await audit.change(async (trx, log) => {
      await deleteSsoProvider(trx, row.id);
      await deleteAccountsOfSsoProvider(trx, row.providerId);
      await log.write({ userId: session.user.id, type: "sso-provider-deleted", organizationId: row.organizationId, detail: { providerId: row.providerId } });
    });
    return { success: true };
  },
});
