import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { generateApiKey, hashApiKey, keyStart } from "../../api-key/key-material.js";
import { checkExpiresIn, checkMetadata, checkName, checkOrganizationKeyPermissions, requireOrganizationKeyManager } from "../../api-key/manage.js";
import { toWireApiKey } from "../../api-key/wire.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { insertApiKey } from "../../store/api-key-store.js";
import type { MemberRow } from "../../store/database.js";
import { findOrganizationById } from "../../store/organization-store.js";
import { findUserById } from "../../store/user-store.js";
import type { WireCreatedApiKey } from "../../shared/wire-types.js";

const permissionsField = z.record(z.string().max(64), z.array(z.string().max(64)).max(32));

const body = z.object({
  configId: z.string().max(64).optional(),
  name: z.string().max(1024).optional(),
  expiresIn: z.number().min(1).nullable().optional(),
  prefix: z
    .string()
    .max(1024)
    .regex(/^[a-zA-Z0-9_-]+$/, { message: "Invalid prefix format, must be alphanumeric and contain only underscores and hyphens." })
    .optional(),
  remaining: z.number().int().min(0).nullable().optional(),
  metadata: z.unknown().optional(),
  refillAmount: z.number().int().min(1).optional(),
  refillInterval: z.number().int().min(1).optional(),
  rateLimitTimeWindow: z.number().int().min(1).optional(),
  rateLimitMax: z.number().int().min(1).optional(),
  rateLimitEnabled: z.boolean().optional(),
  permissions: permissionsField.optional(),
  userId: z.string().max(128).optional(),
  organizationId: z.string().max(128).optional(),
});

/**
 * POST /api-key/create (better-auth 1.7's api-key plugin): a new key for the caller, or for an
 * organization they own or administer (`organizationId`). The answer carries the full key, the
 * only time it is ever shown; only its hash and first characters are kept. A person's request
 * needs a fresh session (the gate's "fresh-or-server" rule); the server's own call names `userId`.
 */
export const createApiKey = defineEndpoint({
  name: "createApiKey",
  method: "POST",
  path: "/api-key/create",
  body,
  session: "optional",
  freshness: "fresh-or-server",
  feature: "apiKey",
  // Each key created mails its owner: as many as invitations allow.
  rateLimit: { window: 60, max: 10 },
  audit: ["api-key-created"],
  async handler(call): Promise<WireCreatedApiKey> {
    const { ctx, body, session, audit } = call;
    const options = ctx.options.apiKey;
    const server = call.principal.kind === "server";
    const serverOnly =
      body.refillAmount !== undefined ||
      body.refillInterval !== undefined ||
      body.rateLimitMax !== undefined ||
      body.rateLimitTimeWindow !== undefined ||
      body.rateLimitEnabled !== undefined ||
      (body.remaining !== undefined && body.remaining !== null) ||
      (body.permissions !== undefined && body.organizationId === undefined);
    if (!server && serverOnly) throw APIError.from(400, "SERVER_ONLY_PROPERTY");
    if (!server && body.userId !== undefined) throw APIError.from(401, "UNAUTHORIZED_SESSION");
    if (session && body.userId !== undefined && body.userId !== session.user.id) throw APIError.from(401, "UNAUTHORIZED_SESSION");
    const actorId = session?.user.id ?? body.userId;
    if (!actorId) throw APIError.from(401, "UNAUTHORIZED_SESSION");
    const actor = session?.user ?? (await findUserById(ctx.db, actorId));
    if (!actor) throw APIError.from(401, "UNAUTHORIZED_SESSION");

    let manager: MemberRow | null = null;
    if (body.organizationId !== undefined) {
      manager = await requireOrganizationKeyManager(ctx, body.organizationId, actor.id);
      if (body.permissions) checkOrganizationKeyPermissions(body.permissions, server ? null : manager);
    }
    const metadata = body.metadata !== undefined && body.metadata !== null ? checkMetadata(ctx, body.metadata) : null;
    if (body.refillAmount !== undefined && body.refillInterval === undefined) throw APIError.from(400, "REFILL_AMOUNT_AND_INTERVAL_REQUIRED");
    if (body.refillInterval !== undefined && body.refillAmount === undefined) throw APIError.from(400, "REFILL_INTERVAL_AND_AMOUNT_REQUIRED");
    if (body.expiresIn) checkExpiresIn(ctx, body.expiresIn);
    if (body.prefix !== undefined && (body.prefix.length < options.minimumPrefixLength || body.prefix.length > options.maximumPrefixLength)) {
      throw APIError.from(400, "INVALID_PREFIX_LENGTH");
    }
    if (body.name) checkName(ctx, body.name);
    else if (options.requireName) throw APIError.from(400, "NAME_REQUIRED");

    const now = ctx.clock.now();
    const prefix = body.prefix ?? options.defaultPrefix;
    const key = generateApiKey(ctx.random, options.defaultKeyLength, prefix);
    const expiresInSeconds = body.expiresIn ?? options.keyExpiration.defaultExpiresIn;
    const organization = body.organizationId !== undefined ? await findOrganizationById(ctx.db, body.organizationId) : undefined;
    const record = await audit.change(async (trx, log) => {
      const row = await insertApiKey(trx, {
        id: generateId(ctx.random),
        name: body.name ?? null,
        start: keyStart(key, options.startingCharactersLength),
        prefix: prefix ?? null,
        keyHash: hashApiKey(key),
        userId: manager ? null : actor.id,
        organizationId: manager ? manager.organizationId : null,
        createdBy: actor.id,
        enabled: 1,
        expiresAt: expiresInSeconds ? new Date(now.getTime() + expiresInSeconds * 1000).toISOString() : null,
        permissions: body.permissions ? JSON.stringify(body.permissions) : null,
        metadata,
        rateLimitEnabled: (body.rateLimitEnabled ?? options.rateLimit.enabled) ? 1 : 0,
        rateLimitTimeWindow: body.rateLimitTimeWindow ?? options.rateLimit.timeWindow,
        rateLimitMax: body.rateLimitMax ?? options.rateLimit.maxRequests,
        requestCount: 0,
        lastRequest: null,
        remaining: body.remaining ?? body.refillAmount ?? null,
        refillAmount: body.refillAmount ?? null,
        refillInterval: body.refillInterval ?? null,
        lastRefillAt: null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      await log.write({
        userId: actor.id,
        type: "api-key-created",
        method: "api-key",
        organizationId: row.organizationId,
        detail: { keyId: row.id, name: row.name, start: row.start },
      });
      return row;
    });
    sendAccountNotice(
      ctx,
      actor,
      actor.email,
      {
        kind: "api-key-created",
        keyName: record.name,
        start: record.start,
        organizationName: organization?.name ?? null,
      },
      call.headers,
    );
    return { ...toWireApiKey(record), key };
  },
});
