import { ssoCallback } from "./callback.js";
import { deleteSsoProviderEndpoint } from "./delete-provider.js";
import { requestDomainVerification, verifyDomain } from "./domain-verification.js";
import { getSsoProvider, listSsoProviders } from "./providers.js";
import { registerSsoProvider } from "./register.js";
import { samlAcs, samlSpMetadata } from "./saml.js";
import { signInSso } from "./sign-in-sso.js";
import { ssoDomainLookup } from "./domain-lookup.js";
import { updateSsoProviderEndpoint } from "./update-provider.js";

/** Enterprise sign-in (@better-auth/sso 1.7's wire): providers, domains, OIDC and SAML sign-in. */
export const ssoEndpoints = [
  registerSsoProvider,
  listSsoProviders,
  getSsoProvider,
  updateSsoProviderEndpoint,
  deleteSsoProviderEndpoint,
  requestDomainVerification,
  verifyDomain,
  signInSso,
  ssoDomainLookup,
  ssoCallback,
  samlSpMetadata,
  samlAcs,
] as const;
