import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { readSamlConfig } from "../../sso/provider-config.js";
import { samlServiceProviderMetadata, takeSamlFlow, validateSamlResponse } from "../../sso/saml.js";
import { completeSsoSignIn } from "../../sso/sign-in.js";
import { claimSamlAssertion, findSsoProviderByProviderId } from "../../store/sso-store.js";
import { secondStepLocation } from "../../two-factor/sign-in-step.js";
import { defaultErrorURL, redirectTo, redirectWithError } from "../social/shared.js";
import { providerIdInput } from "./register.js";

/** @better-auth/sso GET /sso/saml2/sp/metadata?providerId=: the SP metadata to give the IdP. */
export const samlSpMetadata = defineEndpoint({
  name: "spMetadata",
  method: "GET",
  path: "/sso/saml2/sp/metadata",
  query: z.object({ providerId: providerIdInput, format: z.enum(["xml", "json"]).optional() }),
  session: "none",
  rateLimit: "default",
  audit: { none: "a read" },
  async handler({ ctx, query }): Promise<Response> {
    const row = await findSsoProviderByProviderId(ctx.db, query.providerId);
    if (!row || !readSamlConfig(row)) throw APIError.from(404, "PROVIDER_NOT_FOUND");
    return new Response(await samlServiceProviderMetadata(ctx, row), {
      status: 200,
      headers: { "content-type": "application/samlmetadata+xml; charset=utf-8", "cache-control": "no-store" },
    });
  },
});

const acsBody = z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().max(512).optional() });

/**
 * @better-auth/sso POST /sso/saml2/sp/acs/:providerId: the IdP's HTTP-POST of a Response (a
 * cross-site form, Origin null). The RelayState names the sign-in this server started (taken
 * once); the Response must answer its AuthnRequest, be signed by the registered certificate, be
 * for our audience, our ACS and now; its assertion ID is accepted once. Without a RelayState it
 * is IdP-initiated, refused unless the provider allows it. Every refusal redirects with `error`.
 */
export const samlAcs = defineEndpoint({
  name: "acsEndpoint",
  method: "POST",
  path: "/sso/saml2/sp/acs/:providerId",
  // The IdP's form post comes from the IdP's page: a cross-site POST by design; the signed
  // Response and the single-use RelayState are what it is judged on.
  acceptsCrossSitePost: true,
  body: z.record(z.string(), z.unknown()),
  session: "none",
  rateLimit: { window: 10, max: 60 },
  audit: ["sign-in", "sign-up", "account-linked", "anonymous-linked", "sso-member-added", "email-verified", "unproven-additions-removed"],
  async handler({ ctx, params, body, headers, client, response, audit }): Promise<Response> {
    const fallbackErrorURL = defaultErrorURL(ctx);
    const parsed = acsBody.safeParse(body);
    if (!parsed.success) return redirectWithError(fallbackErrorURL, "invalid_saml_response");
    const row = await findSsoProviderByProviderId(ctx.db, params.providerId ?? "");
    const config = row ? readSamlConfig(row) : null;
    if (!row || !config) return redirectWithError(fallbackErrorURL, "provider_not_found");
    const relayState = parsed.data.RelayState;
    const flow = relayState ? await takeSamlFlow(ctx, row, relayState) : null;
    if (!flow && !config.allowIdpInitiated) return redirectWithError(fallbackErrorURL, relayState ? "invalid_state" : "idp_initiated_sign_in_disabled");
    const errorURL = flow?.errorURL ?? fallbackErrorURL;
    if (row.domainVerified !== 1) return redirectWithError(errorURL, "domain_not_verified");
    const result = await validateSamlResponse(ctx, row, flow, parsed.data.SAMLResponse);
    if (!result.ok) {
      ctx.logger.warn("SAML response refused", { provider: row.providerId, reason: result.reason });
      return redirectWithError(errorURL, "invalid_saml_response");
    }
    if (!(await claimSamlAssertion(ctx.db, { id: `${row.id}:${result.assertionId}`, expiresAt: result.expiresAt, now: ctx.clock.now() }))) {
      ctx.logger.warn("SAML assertion replayed", { provider: row.providerId });
      return redirectWithError(errorURL, "assertion_replayed");
    }
    if (!result.email) return redirectWithError(errorURL, "email_not_found");
    const callbackURL = flow?.callbackURL ?? ctx.options.baseURL;
    try {
      const signedIn = await completeSsoSignIn(
        { ctx, response, headers, client, audit },
        { provider: row, identity: { subject: result.nameID, email: result.email, name: result.name, image: null } },
      );
      if (!signedIn.ok) return redirectWithError(errorURL, signedIn.error);
      const destination = signedIn.isRegister ? (flow?.newUserURL ?? callbackURL) : callbackURL;
      if (signedIn.outcome.kind === "second-step") return redirectTo(secondStepLocation(ctx, destination));
      return redirectTo(destination);
    } catch (error) {
      if (error instanceof APIError && error.code === "BANNED_USER") return redirectWithError(errorURL, error.code, error.message);
      throw error;
    }
  },
});
