import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { createProviderEngine, getProviderProfile } from "./engine.js";
import { claimIdTokenUse } from "./id-token-replay.js";
import { signInEmail } from "../email/placeholder-email.js";
import type { OAuthProvider, OAuthTokens, OAuthUserInfo } from "./types.js";

export interface ClientIdToken {
  token: string;
  nonce?: string;
  accessToken?: string;
  refreshToken?: string;
  /** Access-token expiry, milliseconds since the epoch. */
  expiresAt?: number;
  scopes?: string[];
}

/**
 * ID-token sign-in and linking (spec §5): the provider must support it, the token must verify
 * (signature, issuer, audience, expiry, age, nonce), name an email, and not have been used
 * before (so a token read back from /get-access-token cannot sign in again).
 */
export async function readIdTokenProfile(
  ctx: AuthContext,
  provider: OAuthProvider,
  idToken: ClientIdToken,
): Promise<{ user: OAuthUserInfo & { email: string }; tokens: OAuthTokens }> {
  if (!provider.idToken || !provider.idTokenSignIn) throw APIError.from(404, "ID_TOKEN_NOT_SUPPORTED");
  const engine = createProviderEngine(ctx, provider);
  const verified = await engine.verifyIdTokenResult(idToken.token, idToken.nonce);
  // Spec §8 "Keys not found": no key of the provider's set (read again once) signed the token.
  if (!verified.ok && verified.reason === "keys-not-found") throw APIError.from(401, "KEYS_NOT_FOUND");
  if (!verified.ok) throw APIError.from(401, "INVALID_TOKEN");
  const { claims } = verified;
  const profile = await getProviderProfile(ctx, provider, { idToken: idToken.token, accessToken: idToken.accessToken ?? null }, engine);
  if (!profile) throw APIError.from(401, "FAILED_TO_GET_USER_INFO");
  const address = signInEmail(ctx.secret, provider, profile.user);
  if (!address) throw APIError.from(401, "USER_EMAIL_NOT_FOUND");
  const { email } = address;
  // Claimed last, once everything else held: a refused attempt does not burn the token.
  if (!(await claimIdTokenUse(ctx, idToken.token, claims))) {
    ctx.logger.warn("ID token replayed", { provider: provider.id });
    throw APIError.from(401, "INVALID_TOKEN");
  }
  return {
    user: { ...profile.user, email, emailVerified: address.placeholder ? false : profile.user.emailVerified },
    tokens: {
      accessToken: idToken.accessToken ?? null,
      tokenType: null,
      refreshToken: idToken.refreshToken ?? null,
      idToken: idToken.token,
      accessTokenExpiresAt: idToken.expiresAt === undefined ? null : new Date(idToken.expiresAt),
      refreshTokenExpiresAt: null,
      scopes: idToken.scopes ?? [],
    },
  };
}
