import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { checkExpiresIn, checkMetadata, checkName, checkOrganizationKeyPermissions, findManageableKey } from "../../api-key/manage.js";
import { toWireApiKey } from "../../api-key/wire.js";
import { updateApiKey as updateApiKeyRow } from "../../store/api-key-store.js";
import type { ApiKeyUpdate } from "../../store/database.js";
import { findMember } from "../../store/member-store.js";
import type { WireApiKey } from "../../shared/wire-types.js";

const body = z.object({
  configId: z.string().max(64).optional(),
  keyId: z.string().min(1).max(128),
  userId: z.string().max(128).optional(),
  name: z.string().max(1024).optional(),
  enabled: z.boolean().optional(),
  remaining: z.number().int().min(1).optional(),
  refillAmount: z.number().int().min(1).optional(),
  refillInterval: z.number().int().min(1).optional(),
  metadata: z.unknown().optional(),
  expiresIn: z.number().min(1).nullable().optional(),
  rateLimitEnabled: z.boolean().optional(),
  rateLimitTimeWindow: z.number().int().min(1).optional(),
  rateLimitMax: z.number().int().min(1).optional(),
  permissions: z
    .record(z.string().max(64), z.array(z.string().max(64)).max(32))
    .nullable()
    .optional(),
});

/**
 * POST /api-key/update {keyId, …}: name, enabled, expiresIn and metadata from anyone who manages
 * the key; the limits, `remaining`, refill and a person's key permissions from the server only
 * (an organization's key permissions from its owners and admins, within their own). Turning a
 * key on, its expiry and its permissions need a fresh session, as creating a key does.
 */
export const updateApiKey = defineEndpoint({
  name: "updateApiKey",
  method: "POST",
  path: "/api-key/update",
  body,
  session: "optional",
  // Turning a key on, moving its expiry or changing its permissions makes it last longer or do
  // more: a fresh session, as creating one. Renaming or turning it off does not (a stale session
  // may still stop a key it fears is known).
  freshness: { rule: "fresh-or-server", when: (body) => body.enabled === true || body.expiresIn !== undefined || body.permissions !== undefined },
  feature: "apiKey",
  rateLimit: "default",
  audit: ["api-key-updated"],
  async handler(call): Promise<WireApiKey> {
    const { ctx, body, session, audit } = call;
    const server = call.principal.kind === "server";
    const userId = session?.user.id ?? (server ? body.userId : undefined);
    if (!userId) throw APIError.from(401, "UNAUTHORIZED_SESSION");
    if (session && body.userId !== undefined && body.userId !== session.user.id) throw APIError.from(401, "UNAUTHORIZED_SESSION");
    const limitsChanged =
      body.refillAmount !== undefined ||
      body.refillInterval !== undefined ||
      body.rateLimitMax !== undefined ||
      body.rateLimitTimeWindow !== undefined ||
      body.rateLimitEnabled !== undefined ||
      body.remaining !== undefined;
    if (!server && limitsChanged) throw APIError.from(400, "SERVER_ONLY_PROPERTY");
    const record = await findManageableKey(ctx, userId, body.keyId);
    if (body.permissions !== undefined) {
      if (record.organizationId === null && !server) throw APIError.from(400, "SERVER_ONLY_PROPERTY");
      if (record.organizationId !== null && body.permissions) {
        const granter = server ? null : ((await findMember(ctx.db, record.organizationId, userId)) ?? null);
        checkOrganizationKeyPermissions(body.permissions, granter);
      }
    }

    const changes: ApiKeyUpdate = {};
    if (body.name !== undefined) {
      checkName(ctx, body.name);
      changes.name = body.name;
    }
    if (body.enabled !== undefined) changes.enabled = body.enabled ? 1 : 0;
    const now = ctx.clock.now();
    if (body.expiresIn !== undefined) {
      if (body.expiresIn !== null) checkExpiresIn(ctx, body.expiresIn);
      else if (ctx.options.apiKey.keyExpiration.disableCustomExpiresTime) throw APIError.from(400, "KEY_DISABLED_EXPIRATION");
      changes.expiresAt = body.expiresIn ? new Date(now.getTime() + body.expiresIn * 1000).toISOString() : null;
    }
    if (body.metadata !== undefined && ctx.options.apiKey.enableMetadata) changes.metadata = checkMetadata(ctx, body.metadata);
    if (body.remaining !== undefined) changes.remaining = body.remaining;
    if (body.refillAmount !== undefined || body.refillInterval !== undefined) {
      if (body.refillInterval === undefined) throw APIError.from(400, "REFILL_AMOUNT_AND_INTERVAL_REQUIRED");
      if (body.refillAmount === undefined) throw APIError.from(400, "REFILL_INTERVAL_AND_AMOUNT_REQUIRED");
      changes.refillAmount = body.refillAmount;
      changes.refillInterval = body.refillInterval;
    }
    if (body.rateLimitEnabled !== undefined) changes.rateLimitEnabled = body.rateLimitEnabled ? 1 : 0;
    if (body.rateLimitTimeWindow !== undefined) changes.rateLimitTimeWindow = body.rateLimitTimeWindow;
    if (body.rateLimitMax !== undefined) changes.rateLimitMax = body.rateLimitMax;
    if (body.permissions !== undefined) changes.permissions = body.permissions ? JSON.stringify(body.permissions) : null;
    if (Object.keys(changes).length === 0) throw APIError.from(400, "NO_VALUES_TO_UPDATE");
    changes.updatedAt = now.toISOString();

    const updated = await audit.change(async (trx, log) => {
      const row = await updateApiKeyRow(trx, record.id, changes);
      if (!row) throw APIError.from(404, "KEY_NOT_FOUND");
      await log.write({
        userId,
        type: "api-key-updated",
        method: "api-key",
        organizationId: row.organizationId,
        detail: {
          keyId: row.id,
          start: row.start,
          fields: Object.keys(changes)
            .filter((field) => field !== "updatedAt")
            .join(","),
        },
      });
      return row;
    });
    return toWireApiKey(updated);
  },
});
