import { oauth2Authorize } from "./authorize.js";
import {
  adminCreateOAuthClient,
  adminListClientConsents,
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
  getOpenIdConfig,
  getOAuthServerConfig,
  oauth2Authorize,
  oauth2Consent,
  oauth2Token,
  oauth2UserInfo,
  oauth2Introspect,
  oauth2Revoke,
  oauth2EndSession,
  adminCreateOAuthClient,
  createOAuthClient,
  getOAuthClient,
  getOAuthClients,
  getOAuthClientPublic,
  updateOAuthClientEndpoint,
  adminUpdateOAuthClient,
  rotateOAuthClientSecret,
  deleteOAuthClientEndpoint,
  getOAuthConsents,
  getOAuthConsent,
  deleteOAuthConsent,
  adminListClientConsents,
] as const;
