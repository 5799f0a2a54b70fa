import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireSsoManager } from "../../sso/access.js";
import { deleteScimToken, listScimTokens } from "../../store/scim-store.js";

export interface WireScimToken {
  id: string;
  createdAt: string;
  createdBy: string | null;
  /** The directory's last request with it (to the minute): the organization's last sync. */
  lastUsedAt: string | null;
}

/** Gatehouse's GET /scim/list-tokens?organizationId=: the organization's provisioning tokens, never their value. */
export const listScimTokensEndpoint = defineEndpoint({
  name: "listSCIMTokens",
  method: "GET",
  path: "/scim/list-tokens",
  query: z.object({ organizationId: z.string().min(1).max(128) }),
  session: "required",
  rateLimit: "default",
  audit: { none: "a read" },
  async handler({ ctx, query, session }): Promise<{ tokens: WireScimToken[] }> {
    await requireSsoManager(ctx, session, query.organizationId);
    const rows = await listScimTokens(ctx.db, query.organizationId);
    return { tokens: rows.map((row) => ({ id: row.id, createdAt: row.createdAt, createdBy: row.createdBy, lastUsedAt: row.lastUsedAt })) };
  },
});

/** Gatehouse's POST /scim/revoke-token {organizationId, tokenId}: the directory's requests with it answer 401 from now on. */
export const revokeScimToken = defineEndpoint({
  name: "revokeSCIMToken",
  method: "POST",
  path: "/scim/revoke-token",
  body: z.object({ organizationId: z.string().min(1).max(128), tokenId: z.string().min(1).max(128) }),
  session: "required",
  rateLimit: "default",
  audit: ["scim-token-revoked"],
  async handler({ ctx, body, session, audit }): Promise<{ success: true }> {
    await requireSsoManager(ctx, session, body.organizationId);
    await audit.change(async (trx, log) => {
      if (!(await deleteScimToken(trx, body.organizationId, body.tokenId))) throw APIError.from(404, "NOT_FOUND");
      await log.write({ userId: session.user.id, type: "scim-token-revoked", organizationId: body.organizationId, detail: { tokenId: body.tokenId } });
    });
    return { success: true };
  },
});
