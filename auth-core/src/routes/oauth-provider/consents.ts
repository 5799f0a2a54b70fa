import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { parseScopes } from "../../oauth-provider/oauth-error.js";
import type { OAuthConsentRow } from "../../store/database.js";
import { deleteConsentById, findConsentById, listConsents, revokeClientTokensOfUser } from "../../store/oauth-provider-store.js";

/** A person's approval as better-auth's oauthConsent model answers it. */
export interface WireConsent {
  id: string;
  clientId: string;
  userId: string;
  scopes: string[];
  consentGiven: true;
  createdAt: string;
  updatedAt: string;
}

function toWireConsent(row: OAuthConsentRow): WireConsent {
  return {
    id: row.id,
    clientId: row.clientId,
    userId: row.userId,
    scopes: parseScopes(row.scopes),
    consentGiven: true,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** GET /oauth2/get-consents: the apps the person approved (Settings → Connected apps). */
export const getOAuthConsents = defineEndpoint({
  name: "getOAuthConsents",
  method: "GET",
  path: "/oauth2/get-consents",
  session: "required",
  feature: "oauthProvider",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WireConsent[]> {
    return (await listConsents(ctx.db, session.user.id)).map(toWireConsent);
  },
});

/** GET /oauth2/get-consent?id= : one of the person's approvals. */
export const getOAuthConsent = defineEndpoint({
  name: "getOAuthConsent",
  method: "GET",
  path: "/oauth2/get-consent",
  query: z.object({ id: z.string().min(1).max(200) }),
  session: "required",
  feature: "oauthProvider",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, session }): Promise<WireConsent> {
    const row = await findConsentById(ctx.db, query.id);
    if (!row || row.userId !== session.user.id) throw APIError.from(404, "OAUTH_CONSENT_NOT_FOUND");
    return toWireConsent(row);
  },
});

/**
 * POST /oauth2/delete-consent { id }: the person disconnects an app. Beyond better-auth (its issue
 * #10386): every access and refresh token the app holds for the person ends in the same
 * transaction, so the app cannot keep refreshing.
 */
export const deleteOAuthConsent = defineEndpoint({
  name: "deleteOAuthConsent",
  method: "POST",
  path: "/oauth2/delete-consent",
  body: z.object({ id: z.string().min(1).max(200) }),
  session: "required",
  feature: "oauthProvider",
  rateLimit: "default",
  audit: ["oauth-consent-revoked"],
  async handler({ ctx, body, session, audit }): Promise<{ success: true }> {
    const row = await findConsentById(ctx.db, body.id);
    if (!row || row.userId !== session.user.id) throw APIError.from(404, "OAUTH_CONSENT_NOT_FOUND");
    await audit.change(async (trx, log) => {
      await deleteConsentById(trx, row.id);
      const tokens = await revokeClientTokensOfUser(trx, row.clientId, row.userId, ctx.clock.now().toISOString());
      await log.write({ userId: row.userId, type: "oauth-consent-revoked", detail: { clientId: row.clientId, tokensRevoked: tokens } });
    });
    return { success: true };
  },
});
