import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { generateId } from "../../deps/random.js";
import { newScimToken } from "../../scim-token/token.js";
import { requireSsoManager } from "../../sso/access.js";
import { insertScimToken } from "../../store/scim-store.js";

/**
 * Gatehouse's POST /scim/generate-token (@better-auth/scim 1.7 has no HTTP way): an owner or
 * admin of the organization makes a provisioning token bound to it. Shown this once; only its
 * SHA-256 is kept. Every call makes a new one; earlier tokens keep working.
 */
export const generateScimToken = defineEndpoint({
  name: "generateSCIMToken",
  method: "POST",
  path: "/scim/generate-token",
  body: z.object({ organizationId: z.string().min(1).max(128) }),
  session: "required",
  rateLimit: "default",
  audit: ["scim-token-created"],
  async handler({ ctx, body, session, audit }): Promise<{ scimToken: string }> {
    await requireSsoManager(ctx, session, body.organizationId);
    const { token, tokenHash } = newScimToken(ctx);
    await audit.change(async (trx, log) => {
      const id = generateId(ctx.random);
      await insertScimToken(trx, { id, organizationId: body.organizationId, tokenHash, createdBy: session.user.id, createdAt: ctx.clock.now().toISOString() });
      await log.write({ userId: session.user.id, type: "scim-token-created", organizationId: body.organizationId, detail: { tokenId: id } });
    });
    return { scimToken: token };
  },
});
