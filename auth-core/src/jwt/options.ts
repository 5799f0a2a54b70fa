/** Session JWTs for other services (better-auth's jwt plugin wire). */
export interface JWTOptions {
  jwt?: {
    /** GET /token, GET /jwks and the set-auth-jwt header of get-session. Default false. */
    enabled?: boolean;
    /** Seconds a JWT lives; default 900 (15 minutes). */
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
}

export function resolveJWTOptions(options: JWTOptions, baseOrigin: string): ResolvedJWTOptions {
  const jwt = options.jwt ?? {};
  return {
    enabled: jwt.enabled ?? false,
    expiresIn: jwt.expiresIn ?? 15 * 60,
    issuer: jwt.issuer ?? baseOrigin,
    audience: jwt.audience ?? baseOrigin,
    keyRotationInterval: jwt.keyRotationInterval ?? 30 * 24 * 60 * 60,
  };
}
