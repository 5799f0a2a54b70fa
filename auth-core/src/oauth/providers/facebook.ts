import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of Facebook sign-in (docs/providers.md, the facebook row). */
export interface FacebookProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** Graph fields asked for besides id, name, email and picture. */
  fields?: string[];
  /** Facebook Login for Business: the configuration id of a Business app. */
  configId?: string;
}

/** The Graph API version of every URL (dialog, token, /me). */
const FACEBOOK_GRAPH_VERSION = "v24.0";
const GRAPH = `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}`;
const BASE_FIELDS = ["id", "name", "email", "picture"];

/** A Limited Login ID token's claims as our user (its `picture` is a URL string). */
function fromLimitedLogin(claims: Record<string, unknown>): { id: string | null; email: string | null; name: string | null; image: string | null } {
  return { id: readId(claims.sub), email: readEmail(claims.email), name: readOptionalString(claims.name), image: readOptionalString(claims.picture) };
}

export function createFacebookProvider(options: FacebookProviderOptions): OAuthProvider {
  const fields = [...new Set([...BASE_FIELDS, ...(options.fields ?? [])])].join(",");
  return defineProvider({
    id: "facebook",
    name: "Facebook",
    options,
    defaultScopes: ["email", "public_profile"],
    endpoints: fixedEndpoints({
      authorization: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
      token: `${GRAPH}/oauth/access_token`,
      userInfo: `${GRAPH}/me`,
      // Only Limited Login (iOS) issues ID tokens; the web code flow answers none.
      jwks: "https://limited.facebook.com/.well-known/oauth/openid/jwks/",
      issuers: ["https://www.facebook.com"],
    }),
    authorizationParams() {
      const params: Record<string, string> = {};
      if (options.configId) params.config_id = options.configId;
      return params;
    },
    // The web flow's profile is Graph's /me. An id_token there (only when `openid` is asked for)
    // is signed with the web login's keys, not Limited Login's, so it is left out, not refused.
    readTokenResponse(body) {
      const { id_token: _webIdToken, ...tokens } = body;
      return tokens;
    },
    // ID-token sign-in takes a Limited Login JWT only, never an opaque Graph access token.
    idToken: {
      audiences: [options.clientId],
      maxAgeSeconds: null,
      // Limited Login moved to limited.facebook.com; its tokens may name either host.
      additionalIssuers: ["https://limited.facebook.com"],
      algorithms: ["RS256"],
    },
    // Facebook has no refresh tokens (long-lived tokens are a separate exchange).
    supportsRefresh: false,
    async getUserInfo({ tokens, engine }) {
      if (tokens.idToken) {
        const claims = await engine.verifyIdToken(tokens.idToken);
        if (!claims) return null;
        const user = fromLimitedLogin(claims);
        if (!user.id) return null;
        // Facebook does not vouch for the address in either form.
        return { user: { ...user, id: user.id, emailVerified: false }, data: claims };
      }
      if (!tokens.accessToken) return null;
      const profile = await engine.fetchJSON(`${GRAPH}/me?fields=${encodeURIComponent(fields)}`, { accessToken: tokens.accessToken });
      if (!profile || Array.isArray(profile)) return null;
      const id = readId(profile.id);
      if (!id) return null;
      return {
        user: {
          id,
          // Absent for accounts without an address, or when the email permission was declined.
          email: readEmail(profile.email),
          emailVerified: false,
          name: readOptionalString(profile.name),
          image: readOptionalString(readObject(readObject(profile.picture).data).url),
        },
        data: profile,
      };
    },
  });
}
