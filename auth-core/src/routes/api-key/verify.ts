import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { useApiKey } from "../../api-key/use-api-key.js";
import { toWireApiKey } from "../../api-key/wire.js";
import type { WireApiKeyVerification } from "../../shared/wire-types.js";

const body = z.object({
  configId: z.string().max(64).optional(),
  // Any length: an unknown key of whatever length answers as any other (the body's own limit bounds it).
  key: z.string(),
  permissions: z.record(z.string().max(64), z.array(z.string().max(64)).max(32)).optional(),
});

/**
 * POST /api-key/verify {key, permissions?} → { valid, error, key }: the plugin's verify, also
 * served over HTTP here for services in other languages. No session: the key is the credential,
 * and each call is a use of it (counted against its limit). The answer is 200 either way.
 */
export const verifyApiKey = defineEndpoint({
  name: "verifyApiKey",
  method: "POST",
  path: "/api-key/verify",
  body,
  session: "none",
  feature: "apiKey",
  // Each call is a use of the key, limited by the key's own limit; per address, the default.
  rateLimit: "default",
  // Written by the key check: a refused use each time, a key's first use of each day.
  audit: ["api-key-used", "api-key-refused"],
  async handler({ ctx, body, audit }): Promise<WireApiKeyVerification> {
    try {
      const { record } = await useApiKey(ctx, body.key, { permissions: body.permissions, audit: () => audit });
      return { valid: true, error: null, key: toWireApiKey(record) };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      return { valid: false, error: error.toJSON(), key: null };
    }
  },
});
