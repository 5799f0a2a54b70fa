import { emailFlowEndpoints } from "./email/index.js";
import { errorPage } from "./error-page.js";
import { getSession } from "./get-session.js";
import { listSessions } from "./list-sessions.js";
import { ok } from "./ok.js";
import { organizationEndpoints } from "./organization/index.js";
import { adminEndpoints } from "./admin/index.js";
import { passkeyEndpoints } from "./passkey/index.js";
import { revokeOtherSessions } from "./revoke-other-sessions.js";
import { revokeSession } from "./revoke-session.js";
import { revokeSessions } from "./revoke-sessions.js";
import { signInEmail } from "./sign-in-email.js";
import { signOut } from "./sign-out.js";
import { signUpEmail } from "./sign-up-email.js";
import { socialEndpoints } from "./social/index.js";
import { updateUser } from "./update-user.js";
import { getJwks } from "./jwt/jwks.js";
import { getToken } from "./jwt/token.js";
import { createOpenAPIEndpoint } from "./open-api.js";
import { twoFactorEndpoints } from "./two-factor/index.js";
import type { AnyEndpoint } from "../endpoint.js";
import { apiKeyEndpoints } from "./api-key/index.js";
import { passwordlessEndpoints } from "./passwordless/index.js";
import { oauthProviderEndpoints } from "./oauth-provider/index.js";

/** The OpenAPI document describes the whole table, itself included. */
const openAPI = createOpenAPIEndpoint(() => endpoints as readonly AnyEndpoint[]);

/**
 * The endpoint table: the only registry. `auth.handler` and `auth.api` are both built from it.
 * Each feature keeps its own list in its folder.
 */
export const endpoints = [
  signUpEmail,
  signInEmail,
  getSession,
  signOut,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  updateUser,
  getToken,
  getJwks,
  openAPI,
  ok,
  errorPage,
  ...emailFlowEndpoints,
  ...socialEndpoints,
  ...passkeyEndpoints,
  ...organizationEndpoints,
  ...apiKeyEndpoints,
  ...adminEndpoints,
  ...twoFactorEndpoints,
  ...passwordlessEndpoints,
  ...oauthProviderEndpoints,
] as const;
