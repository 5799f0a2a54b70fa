import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId, randomAlphanumeric } from "../../deps/random.js";
import { requireSsoManager } from "../../sso/access.js";
import { isDomainName, isPublicEmailDomain, normalizeDomain } from "../../sso/domains.js";
import { oidcConfigInput, samlConfigInput, toWireSsoProvider, type StoredSamlConfig, type WireSsoProvider } from "../../sso/provider-config.js";
import { resolveOidcConfig } from "../../sso/registration.js";
import { findSsoProviderByProviderId, insertSsoProvider } from "../../store/sso-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";

/** A provider id is a path segment of its callback URLs: letters, digits, dot, dash, underscore. */
export const providerIdInput = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/);

const body = z.object({
  providerId: providerIdInput,
  issuer: z.string().min(1).max(2048),
  domain: z.string().min(1).max(253),
  organizationId: z.string().min(1).max(128),
  oidcConfig: oidcConfigInput.optional(),
  samlConfig: samlConfigInput.optional(),
});

/** The verification token: 32 random characters (better-auth's are at least 16). */
export const DOMAIN_TOKEN_LENGTH = 32;

/** The domain a provider claims: a domain name that is not a public mail provider's. */
export function acceptDomain(value: string): string {
  const domain = normalizeDomain(value);
  if (!isDomainName(domain)) throw APIError.from(400, "INVALID_SSO_DOMAIN");
  if (isPublicEmailDomain(domain)) throw APIError.from(400, "PUBLIC_EMAIL_DOMAIN_NOT_ALLOWED");
  return domain;
}

export function toStoredSamlConfig(input: z.infer<typeof samlConfigInput>): StoredSamlConfig {
  return {
    entryPoint: input.entryPoint,
    cert: input.cert,
    idpEntityID: input.idpMetadata?.entityID ?? null,
    wantAssertionsSigned: input.wantAssertionsSigned ?? true,
    identifierFormat: input.identifierFormat ?? null,
    signatureAlgorithm: input.signatureAlgorithm ?? null,
    digestAlgorithm: input.digestAlgorithm ?? null,
    allowIdpInitiated: input.allowIdpInitiated ?? false,
    mapping: input.mapping ?? null,
  };
}

/**
 * @better-auth/sso POST /sso/register: an owner or admin of the organization adds its OpenID or
 * SAML identity provider. The answer carries the redirect URI to register at the provider and
 * the token to publish as a DNS TXT record; the provider routes no sign-in until then.
 */
export const registerSsoProvider = defineEndpoint({
  name: "registerSSOProvider",
  method: "POST",
  path: "/sso/register",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["sso-provider-registered"],
  async handler({ ctx, body, session, audit }): Promise<WireSsoProvider & { domainVerificationToken: string }> {
    await requireSsoManager(ctx, session, body.organizationId);
    if (Boolean(body.oidcConfig) === Boolean(body.samlConfig)) throw APIError.from(400, "INVALID_SSO_PROVIDER_CONFIG");
    const domain = acceptDomain(body.domain);
    if (await findSsoProviderByProviderId(ctx.db, body.providerId)) throw APIError.from(422, "SSO_PROVIDER_ALREADY_EXISTS");
    if (ctx.options.social.providers.has(body.providerId) || body.providerId === "credential") throw APIError.from(422, "SSO_PROVIDER_ALREADY_EXISTS");
    const oidc = body.oidcConfig ? await resolveOidcConfig(ctx, body.issuer, body.oidcConfig) : null;
    const saml = body.samlConfig ? toStoredSamlConfig(body.samlConfig) : null;
    const token = randomAlphanumeric(ctx.random, DOMAIN_TOKEN_LENGTH);
    const now = ctx.clock.now().toISOString();
    try {
      const row = await audit.change(async (trx, log) => {
        const inserted = await insertSsoProvider(trx, {
          id: generateId(ctx.random),
          providerId: body.providerId,
          organizationId: body.organizationId,
          userId: session.user.id,
          type: oidc ? "oidc" : "saml",
          issuer: body.issuer,
          domain,
          domainVerified: 0,
          domainVerificationToken: token,
          oidcConfig: oidc ? JSON.stringify(oidc) : null,
          samlConfig: saml ? JSON.stringify(saml) : null,
          createdAt: now,
          updatedAt: now,
        });
        await log.write({
          userId: session.user.id,
          type: "sso-provider-registered",
          organizationId: body.organizationId,
          detail: { providerId: inserted.providerId, type: inserted.type, domain },
        });
        return inserted;
      });
      return { ...toWireSsoProvider(ctx, row), domainVerificationToken: token };
    } catch (error) {
      if (isUniqueViolation(error)) throw APIError.from(422, "SSO_PROVIDER_ALREADY_EXISTS");
      throw error;
    }
  },
});
