import type { AuthContext } from "../context.js";
import type { ClientInfo } from "../endpoint.js";
import { APIError } from "../errors.js";
import type { ActiveSession } from "../session/session.js";
import { keyUseAudit, useApiKey } from "./use-api-key.js";
import { keyPermissions } from "./wire.js";

/** The key a request carries in the configured header (`x-api-key`), when keys are on. */
export function readApiKeyHeader(ctx: AuthContext, headers: Headers): string | null {
  return ctx.options.apiKey.enabled ? headers.get(ctx.options.apiKey.header) : null;
}

/**
 * "Sessions for API keys" (the plugin's option, on here): a request carrying a key stands for
 * the key's owner. It is one use of the key (counted against its limit). The session is never
 * stored and never fresh; `apiKey` tells the endpoints which key it is and what it may do.
 * A refused key answers the plugin's error (401 with its code; 403 for a malformed one).
 */
export async function resolveApiKeySession(ctx: AuthContext, key: string, client: ClientInfo): Promise<ActiveSession> {
  if (key.length < ctx.options.apiKey.defaultKeyLength) throw APIError.from(403, "INVALID_API_KEY");
  const { record, user } = await useApiKey(ctx, key, { audit: () => keyUseAudit(ctx, client) });
  const now = ctx.clock.now();
  return {
    session: {
      id: record.id,
      tokenHash: record.keyHash,
      userId: user.id,
      expiresAt: record.expiresAt ?? new Date(now.getTime() + ctx.options.session.expiresIn * 1000).toISOString(),
      rememberMe: 0,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      activeOrganizationId: record.organizationId,
      activeTeamId: null,
      // A key is never an admin acting as someone.
      impersonatedBy: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    },
    user,
    token: key,
    apiKey: { id: record.id, organizationId: record.organizationId, permissions: keyPermissions(record) },
  };
}
