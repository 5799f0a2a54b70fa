import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { randomAlphanumeric } from "../../deps/random.js";
import { requireManagedProvider } from "../../sso/access.js";
import { lookupTxt, recordHoldsToken, verificationRecordName } from "../../sso/domains.js";
import { updateSsoProvider } from "../../store/sso-store.js";
import { DOMAIN_TOKEN_LENGTH, providerIdInput } from "./register.js";

const body = z.object({ providerId: providerIdInput });

/**
 * @better-auth/sso POST /sso/request-domain-verification: a new token to publish as TXT at
 * `_better-auth-token-<providerId>.<domain>` (201). The previous token stops counting.
 */
export const requestDomainVerification = defineEndpoint({
  name: "requestDomainVerification",
  method: "POST",
  path: "/sso/request-domain-verification",
  body,
  session: "required",
  rateLimit: { window: 60, max: 30 },
  audit: ["sso-domain-verification-requested"],
  async handler({ ctx, body, session, response, audit }): Promise<{ domainVerificationToken: string }> {
    const row = await requireManagedProvider(ctx, session, body.providerId);
    if (row.domainVerified === 1) throw APIError.from(409, "DOMAIN_ALREADY_VERIFIED");
    const token = randomAlphanumeric(ctx.random, DOMAIN_TOKEN_LENGTH);
    await audit.change(async (trx, log) => {
      await updateSsoProvider(trx, row.id, { domainVerificationToken: token, updatedAt: ctx.clock.now().toISOString() });
      await log.write({
        userId: session.user.id,
        type: "sso-domain-verification-requested",
        organizationId: row.organizationId,
        detail: { providerId: row.providerId, domain: row.domain },
      });
    });
    response.status = 201;
    return { domainVerificationToken: token };
  },
});

/**
 * @better-auth/sso POST /sso/verify-domain: looks the TXT record up (DNS_SERVERS when set) and,
 * when it holds the token, marks the domain verified (204). 502 DOMAIN_VERIFICATION_FAILED
 * otherwise; 409 when it already is.
 */
export const verifyDomain = defineEndpoint({
  name: "verifyDomain",
  method: "POST",
  path: "/sso/verify-domain",
  body,
  session: "required",
  rateLimit: { window: 60, max: 30 },
  audit: ["sso-domain-verified"],
  async handler({ ctx, body, session, audit }): Promise<Response> {
    const row = await requireManagedProvider(ctx, session, body.providerId);
    if (row.domainVerified === 1) throw APIError.from(409, "DOMAIN_ALREADY_VERIFIED");
    const token = row.domainVerificationToken;
    const found = await lookupTxt(ctx.options.sso, verificationRecordName(row.providerId, row.domain));
    if (!token || !found.ok || !recordHoldsToken(found.records, row.providerId, token)) {
      await audit.record({
        userId: session.user.id,
        type: "sso-domain-verified",
        outcome: "failure",
        organizationId: row.organizationId,
        detail: { providerId: row.providerId, domain: row.domain, reason: found.ok ? "no-matching-record" : found.reason },
      });
      throw APIError.from(502, "DOMAIN_VERIFICATION_FAILED");
    }
    await audit.change(async (trx, log) => {
      await updateSsoProvider(trx, row.id, { domainVerified: 1, updatedAt: ctx.clock.now().toISOString() });
      await log.write({
        userId: session.user.id,
        type: "sso-domain-verified",
        organizationId: row.organizationId,
        detail: { providerId: row.providerId, domain: row.domain },
      });
    });
    return new Response(null, { status: 204 });
  },
});
