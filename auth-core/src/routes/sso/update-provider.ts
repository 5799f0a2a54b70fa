import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireManagedProvider } from "../../sso/access.js";
import { oidcConfigInput, readOidcConfig, readSamlConfig, samlConfigInput, toWireSsoProvider, type WireSsoProvider } from "../../sso/provider-config.js";
import { resolveOidcConfig } from "../../sso/registration.js";
import type { SsoProviderUpdate } from "../../store/database.js";
import { deleteAccountsOfSsoProvider, updateSsoProvider } from "../../store/sso-store.js";
import { acceptDomain, providerIdInput, toStoredSamlConfig } from "./register.js";

const body = z.object({
  providerId: providerIdInput,
  issuer: z.string().min(1).max(2048).optional(),
  domain: z.string().min(1).max(253).optional(),
  oidcConfig: oidcConfigInput.partial().optional(),
  samlConfig: samlConfigInput.partial().optional(),
});

/**
 * @better-auth/sso POST /sso/update-provider: a partial change. A new domain must be verified
 * again; a new issuer (or SAML entity ID or certificate) is another identity provider, so the
 * people linked through the old one are unlinked (they link again by a verified address).
 */
export const updateSsoProviderEndpoint = defineEndpoint({
  name: "updateSSOProvider",
  method: "POST",
  path: "/sso/update-provider",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["sso-provider-updated"],
  async handler({ ctx, body, session, audit }): Promise<WireSsoProvider> {
    const row = await requireManagedProvider(ctx, session, body.providerId);
    const update: SsoProviderUpdate = { updatedAt: ctx.clock.now().toISOString() };
    let identityChanged = false;
    const issuer = body.issuer ?? row.issuer;
    if (issuer !== row.issuer) {
      update.issuer = issuer;
      identityChanged = true;
    }
    if (body.domain !== undefined) {
      const domain = acceptDomain(body.domain);
      if (domain !== row.domain) {
        update.domain = domain;
        update.domainVerified = 0;
      }
    }
    if (row.type === "oidc") {
      if (body.samlConfig) throw APIError.from(400, "INVALID_SSO_PROVIDER_CONFIG");
      const current = readOidcConfig(row)!;
      if (body.oidcConfig || issuer !== row.issuer) {
        const patch = body.oidcConfig ?? {};
        const endpointsChanged = issuer !== row.issuer || patch.discoveryEndpoint !== undefined;
        const next = await resolveOidcConfig(ctx, issuer, {
          clientId: patch.clientId ?? current.clientId,
          clientSecret: patch.clientSecret ?? { sealed: current.clientSecret },
          discoveryEndpoint: patch.discoveryEndpoint ?? (endpointsChanged ? undefined : current.discoveryEndpoint),
          authorizationEndpoint: patch.authorizationEndpoint ?? (endpointsChanged ? undefined : current.authorizationEndpoint),
          tokenEndpoint: patch.tokenEndpoint ?? (endpointsChanged ? undefined : current.tokenEndpoint),
          jwksEndpoint: patch.jwksEndpoint ?? (endpointsChanged ? undefined : current.jwksEndpoint),
          userInfoEndpoint: patch.userInfoEndpoint ?? (endpointsChanged ? undefined : (current.userInfoEndpoint ?? undefined)),
          scopes: patch.scopes ?? current.scopes,
          pkce: patch.pkce ?? current.pkce,
          tokenEndpointAuthentication: patch.tokenEndpointAuthentication ?? current.tokenEndpointAuthentication,
          mapping: patch.mapping ?? current.mapping ?? undefined,
        });
        update.oidcConfig = JSON.stringify(next);
      }
    } else {
      if (body.oidcConfig) throw APIError.from(400, "INVALID_SSO_PROVIDER_CONFIG");
      const current = readSamlConfig(row)!;
      if (body.samlConfig) {
        const patch = body.samlConfig;
        const next = toStoredSamlConfig({
          entryPoint: patch.entryPoint ?? current.entryPoint,
          cert: patch.cert ?? current.cert,
          idpMetadata: { entityID: patch.idpMetadata?.entityID ?? current.idpEntityID ?? undefined },
          wantAssertionsSigned: patch.wantAssertionsSigned ?? current.wantAssertionsSigned,
          identifierFormat: patch.identifierFormat ?? current.identifierFormat ?? undefined,
          signatureAlgorithm: patch.signatureAlgorithm ?? current.signatureAlgorithm ?? undefined,
          digestAlgorithm: patch.digestAlgorithm ?? current.digestAlgorithm ?? undefined,
          allowIdpInitiated: patch.allowIdpInitiated ?? current.allowIdpInitiated,
          mapping: patch.mapping ?? current.mapping ?? undefined,
        });
        if (next.idpEntityID !== current.idpEntityID || next.cert !== current.cert) identityChanged = true;
        update.samlConfig = JSON.stringify(next);
      }
    }
    const updated = await audit.change(async (trx, log) => {
      const written = await updateSsoProvider(trx, row.id, update);
      if (!written) throw APIError.from(404, "PROVIDER_NOT_FOUND");
      if (identityChanged) await deleteAccountsOfSsoProvider(trx, row.providerId);
      await log.write({
        userId: session.user.id,
        type: "sso-provider-updated",
        organizationId: row.organizationId,
        detail: {
          providerId: row.providerId,
          fields: Object.keys(update)
            .filter((k) => k !== "updatedAt")
            .join(","),
        },
      });
      return written;
    });
    return toWireSsoProvider(ctx, updated);
  },
});
