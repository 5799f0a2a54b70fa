import { SignJWT } from "jose";
import type { ActiveSession } from "../session/active-session.js";
import { JWT_ALGORITHM, createSigningKeys, type JWTContext, type SigningKeys } from "./signing-keys.js";
import { setBounded } from "../shared/bounded-map.js";

/** Sessions whose JWT is remembered; past this the oldest is forgotten (and signed again if asked). */
const MAX_CACHED = 10_000;

/**
 * Issues the JWT of a session. A session's token is reused until a third of its life
 * remains, so get-session does not sign on every request; it is only ever handed out after the
 * session itself was validated in the same request, so a revoked session gets none, and only
 * while the user's fields it states (email, name, emailVerified, image) are still the row's.
 * It never outlives its session (exp is capped at the session's expiresAt: an impersonation's
 * hour), and an impersonation session's token says who acts: RFC 8693's `act: { sub: adminId }`.
 */
export interface SessionJWTIssuer {
  tokenFor(ctx: JWTContext, active: ActiveSession): Promise<string>;
  /** The remembered token while it may still be reused, without waiting; null when one must be signed. */
  reusableToken(ctx: JWTContext, active: ActiveSession): string | null;
  keys: SigningKeys;
}

/** The user's fields a session JWT states: a remembered token is reused only while the row still has them. */
type Claims = Pick<ActiveSession["user"], "email" | "name" | "emailVerified" | "image">;

function sameClaims(claims: Claims, user: Claims): boolean {
  return claims.email === user.email && claims.name === user.name && claims.emailVerified === user.emailVerified && claims.image === user.image;
}

export function createSessionJWTIssuer(): SessionJWTIssuer {
  const keys = createSigningKeys();
  const cache = new Map<string, { token: string; issuedAt: number; expiresAt: number; claims: Claims }>();

  async function sign(ctx: JWTContext, active: ActiveSession, now: number): Promise<{ token: string; issuedAt: number; expiresAt: number }> {
    const { jwt } = ctx.options;
    const key = await keys.current(ctx);
    const iat = Math.floor(now / 1000);
    const { user, session } = active;
    // The session was validated at `now`, so its end is not before iat.
    const exp = Math.min(iat + jwt.expiresIn, Math.floor(Date.parse(session.expiresAt) / 1000));
    const payload: Record<string, unknown> = {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified === 1,
      image: user.image,
      sid: session.id,
    };
    if (session.impersonatedBy !== null) payload.act = { sub: session.impersonatedBy };
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: key.kid, typ: "JWT" })
      .setSubject(user.id)
      .setIssuer(jwt.issuer)
      .setAudience(jwt.audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key.privateKey);
    return { token, issuedAt: iat * 1000, expiresAt: exp * 1000 };
  }

  /** Reused until a third of its own life remains (shorter than expiresIn when capped by the session's end). */
  function reusableToken(active: ActiveSession, now: number): string | null {
    const cached = cache.get(active.session.id);
    if (!cached || !sameClaims(cached.claims, active.user)) return null;
    return now < cached.expiresAt - (cached.expiresAt - cached.issuedAt) / 3 ? cached.token : null;
  }

  return {
    keys,
    reusableToken: (ctx, active) => reusableToken(active, ctx.clock.now().getTime()),
    async tokenFor(ctx, active) {
      const now = ctx.clock.now().getTime();
      const { email, name, emailVerified, image } = active.user;
      const reusable = reusableToken(active, now);
      if (reusable !== null) return reusable;
      const fresh = await sign(ctx, active, now);
      cache.delete(active.session.id);
      setBounded(cache, MAX_CACHED, active.session.id, { ...fresh, claims: { email, name, emailVerified, image } });
      return fresh.token;
    },
  };
}
