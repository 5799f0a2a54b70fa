import type { AuthContext } from "../context.js";
import { oncePerInstant } from "../deps/clock.js";
import type { ClientInfo } from "../endpoint.js";
import type { KeyPrincipal } from "../gate/principal.js";
import type { SessionRow } from "../store/database.js";
import { keyUseAudit, useApiKey, type UsedApiKey } from "./use-api-key.js";
import { keyPermissions } from "./wire.js";

/** The key a request carries in the configured header (`x-api-key`), when keys are on. */
export function readApiKeyHeader(ctx: AuthContext, headers: Headers): string | null {
  return ctx.options.apiKey.enabled ? headers.get(ctx.options.apiKey.header) : null;
}

/**
 * "Sessions for API keys" (the plugin's option, on here): a request carrying a key acts for the
 * key's holder. It is one use of the key (counted against its limit). A refused key answers the
 * plugin's error (401 with its code; an unknown key of any length or form 401 INVALID_API_KEY).
 * A use that counts nothing (no limit, no quota) is answered before its bookkeeping is written.
 */
export function useRequestKey(ctx: AuthContext, key: string, client: ClientInfo): Promise<UsedApiKey> {
  return useApiKey(ctx, key, { audit: () => keyUseAudit(ctx, client), answerFirst: true });
}

/** The principal of a request's key (useRequestKey). */
export async function resolveApiKeyPrincipal(ctx: AuthContext, key: string, client: ClientInfo): Promise<KeyPrincipal> {
  return keyPrincipal(await useRequestKey(ctx, key, client));
}

/** Who a used key acts for: its owner, or in its organization, the key (rows name its creator). */
function keyPrincipal({ record, user }: UsedApiKey): KeyPrincipal {
  return {
    kind: "api-key",
    keyId: record.id,
    permissions: keyPermissions(record),
    holder: record.organizationId !== null ? { kind: "organization", organizationId: record.organizationId, createdBy: user } : { kind: "person", owner: user },
  };
}

/** The times of a key's session: now, and (for a key without an expiry) a session's lifetime from now. */
const isoOf = (time: number): string => new Date(time).toISOString();
const isoOfNow = oncePerInstant(isoOf);
const isoOfExpiry = oncePerInstant(isoOf);

/**
 * The session get-session answers for a person's key (better-auth's session for an API key, never
 * stored and never fresh): a wire answer only, no caller ever travels as it.
 */
export function keySessionRow(ctx: AuthContext, { record, user }: UsedApiKey, client: ClientInfo): SessionRow {
  const now = ctx.clock.now().getTime();
  const at = isoOfNow(now);
  return {
    id: record.id,
    tokenHash: record.keyHash,
    userId: user.id,
    expiresAt: record.expiresAt ?? isoOfExpiry(now + ctx.options.session.expiresIn * 1000),
    rememberMe: 0,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
    activeOrganizationId: record.organizationId,
    activeTeamId: null,
    impersonatedBy: null,
    createdAt: at,
    updatedAt: at,
  };
}
