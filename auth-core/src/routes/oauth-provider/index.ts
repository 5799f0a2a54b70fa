import { whenOAuthProviderOn } from "../../oauth-provider/feature.js";
import { oauth2Authorize } from "./authorize.js";
import {
  adminCreateOAuthClient,
  adminUpdateOAuthClient,
  createOAuthClient,
  deleteOAuthClientEndpoint,
  getOAuthClient,
  getOAuthClientPublic,
  getOAuthClients,
  rotateOAuthClientSecret,
  updateOAuthClientEndpoint,
} from "./clients.js";
import { oauth2Consent } from "./consent.js";
import { deleteOAuthConsent, getOAuthConsent, getOAuthConsents } from "./consents.js";
import { getOAuthServerConfig, getOpenIdConfig } from "./discovery.js";
import { oauth2EndSession } from "./end-session.js";
import { oauth2Introspect } from "./introspect.js";
import { oauth2Revoke } from "./revoke.js";
import { oauth2Token } from "./token.js";
import { oauth2UserInfo } from "./userinfo.js";

/** The OAuth 2.1 / OpenID provider's endpoints (docs/oidc-provider.md); each answers 404 while the provider is off. */
export const oauthProviderEndpoints = [
  whenOAuthProviderOn(getOpenIdConfig),
  whenOAuthProviderOn(getOAuthServerConfig),
  whenOAuthProviderOn(oauth2Authorize),
  whenOAuthProviderOn(oauth2Consent),
  whenOAuthProviderOn(oauth2Token),
  whenOAuthProviderOn(oauth2UserInfo),
  whenOAuthProviderOn(oauth2Introspect),
  whenOAuthProviderOn(oauth2Revoke),
  whenOAuthProviderOn(oauth2EndSession),
  whenOAuthProviderOn(adminCreateOAuthClient),
  whenOAuthProviderOn(createOAuthClient),
  whenOAuthProviderOn(getOAuthClient),
  whenOAuthProviderOn(getOAuthClients),
  whenOAuthProviderOn(getOAuthClientPublic),
  whenOAuthProviderOn(updateOAuthClientEndpoint),
  whenOAuthProviderOn(adminUpdateOAuthClient),
  whenOAuthProviderOn(rotateOAuthClientSecret),
  whenOAuthProviderOn(deleteOAuthClientEndpoint),
  whenOAuthProviderOn(getOAuthConsents),
  whenOAuthProviderOn(getOAuthConsent),
  whenOAuthProviderOn(deleteOAuthConsent),
] as const;
