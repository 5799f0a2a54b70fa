import type { AuthContext } from "../context.js";
import { oncePerInstant } from "../deps/clock.js";
import type { ClientInfo } from "../endpoint.js";
import type { ActiveSession } from "../session/session.js";
import { keyUseAudit, useApiKey, type UsedApiKey } from "./use-api-key.js";
import { keyPermissions } from "./wire.js";

/** The key a request carries in the configured header (`x-api-key`), when keys are on. */
export function readApiKeyHeader(ctx: AuthContext, headers: Headers): string | null {
  return ctx.options.apiKey.enabled ? headers.get(ctx.options.apiKey.header) : null;
}

/**
 * "Sessions for API keys" (the plugin's option, on here): a request carrying a key stands for
 * the key's owner. It is one use of the key (counted against its limit). The session is never
 * stored and never fresh; `apiKey` tells the endpoints which key it is and what it may do.
 * A refused key answers the plugin's error (401 with its code; an unknown key of any length or
 * form 401 INVALID_API_KEY).
 */
export async function resolveApiKeySession(ctx: AuthContext, key: string, client: ClientInfo): Promise<ActiveSession> {
  return keySession(ctx, await useApiKey(ctx, key, { audit: () => keyUseAudit(ctx, client) }), key, client);
}

/** The times of a key's session: now, and (for a key without an expiry) a session's lifetime from now. */
const isoOf = (time: number): string => new Date(time).toISOString();
const isoOfNow = oncePerInstant(isoOf);
const isoOfExpiry = oncePerInstant(isoOf);

/** The session a used key stands for (never stored). */
export function keySession(ctx: AuthContext, { record, user }: UsedApiKey, key: string, client: ClientInfo): ActiveSession {
  const now = ctx.clock.now().getTime();
  const at = isoOfNow(now);
  return {
    session: {
      id: record.id,
      tokenHash: record.keyHash,
      userId: user.id,
      expiresAt: record.expiresAt ?? isoOfExpiry(now + ctx.options.session.expiresIn * 1000),
      rememberMe: 0,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      activeOrganizationId: record.organizationId,
      activeTeamId: null,
      // A key is never an admin acting as someone.
      impersonatedBy: null,
      createdAt: at,
      updatedAt: at,
    },
    user,
    token: key,
    apiKey: { id: record.id, organizationId: record.organizationId, permissions: keyPermissions(record) },
  };
}
