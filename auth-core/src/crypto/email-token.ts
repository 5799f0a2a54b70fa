import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";

/** Spec §3: the email-verification token payload is email and an optional updateTo. */
export interface EmailVerificationClaims {
  email: string;
  updateTo?: string;
  /** Names the stored single-use record of this token (only its hash is stored). */
  jti: string;
}

type EmailTokenFailure = "token_expired" | "invalid_token";

export type EmailTokenResult = { ok: true; claims: EmailVerificationClaims } | { ok: false; error: EmailTokenFailure };

const claimsSchema = z.object({
  email: z.string().min(1),
  updateTo: z.string().min(1).optional(),
  jti: z.string().min(16),
});

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Spec §9: signed HS256 with the auth secret; lifetime in seconds from `now` (the injected clock). */
export async function signEmailVerificationToken(secret: string, claims: EmailVerificationClaims, input: { now: Date; expiresIn: number }): Promise<string> {
  const issuedAt = Math.floor(input.now.getTime() / 1000);
  const payload: Record<string, string> = { email: claims.email };
  if (claims.updateTo) payload.updateTo = claims.updateTo;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + input.expiresIn)
    .setJti(claims.jti)
    .sign(keyOf(secret));
}

/**
 * Checks signature (HS256 only: no "none", no algorithm confusion) and expiry against `now`.
 * An invalid token is a return value, not an exception.
 */
export async function verifyEmailVerificationToken(secret: string, token: string, now: Date): Promise<EmailTokenResult> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ["HS256"], currentDate: now });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "invalid_token" };
    return { ok: true, claims: parsed.data };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, error: "token_expired" };
    return { ok: false, error: "invalid_token" };
  }
}
