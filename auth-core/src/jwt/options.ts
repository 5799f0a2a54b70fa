/** Session JWTs for other services (better-auth's jwt plugin wire). */
export interface JWTOptions {
  jwt?: {
    /** GET /token, GET /jwks and the set-auth-jwt header of get-session. Default false. */
    enabled?: boolean;
    /**
     * Seconds a JWT lives; default 300 (5 minutes). A service that verifies it offline sees a ban
     * or a sign-out only once it expires (docs/library.md), so keep it short.
     */
    expiresIn?: number;
    /** `iss`; default the base URL's origin. */
    issuer?: string;
    /** `aud`; default the base URL's origin. */
    audience?: string | string[];
    /** Seconds a signing key signs before a new one is made; default 30 days. */
    keyRotationInterval?: number;
  };
}

export interface ResolvedJWTOptions {
  enabled: boolean;
  expiresIn: number;
  issuer: string;
  audience: string | string[];
  keyRotationInterval: number;
  /** Seconds a retired key stays in /jwks: the longest life of a token it signed (session JWTs; ID tokens when the provider is on). */
  publishedFor: number;
}

export function resolveJWTOptions(options: JWTOptions, baseOrigin: string): ResolvedJWTOptions {
  const jwt = options.jwt ?? {};
  return {
    enabled: jwt.enabled ?? false,
    expiresIn: jwt.expiresIn ?? 5 * 60,
    issuer: jwt.issuer ?? baseOrigin,
    audience: jwt.audience ?? baseOrigin,
    keyRotationInterval: jwt.keyRotationInterval ?? 30 * 24 * 60 * 60,
    publishedFor: jwt.expiresIn ?? 5 * 60,
  };
}
