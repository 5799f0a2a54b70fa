import type { VerifiedAuthenticationResponse } from "@simplewebauthn/server";
import { loadWebAuthn } from "../../passkey/webauthn.js";
import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError, type ErrorCode } from "../../errors.js";
import { toWireSession, toWireUser } from "../../http/public-json.js";
import { takeChallenge } from "../../passkey/challenge.js";
import { decodePublicKey, MAX_STORED_COUNTER, parseTransports } from "../../passkey/credential.js";
import { asAuthenticationResponse, authenticationResponseSchema } from "../../passkey/response-schemas.js";
import { passkeyUserHandle } from "../../passkey/user-handle.js";
import { completeSignIn, type SignInOutcome } from "../../sign-in/complete-sign-in.js";
import type { TwoFactorRedirect } from "../../two-factor/sign-in-step.js";
import type { WireSessionResult } from "../../shared/wire-types.js";
import { advancePasskeyCounter, findPasskeyByCredentialID } from "../../store/passkey-store.js";
import { findUserById } from "../../store/user-store.js";
import type { Audit } from "../../audit/audit-log.js";

const body = z.object({ response: authenticationResponseSchema });

interface Refusal {
  userId: string | null;
  reason: string;
  status: number;
  code: ErrorCode;
}

async function refuse(audit: Audit<"sign-in">, refusal: Refusal): Promise<never> {
  await audit.record({
    userId: refusal.userId,
    type: "sign-in",
    outcome: "failure",
    method: "passkey",
    detail: { reason: refusal.reason },
  });
  throw APIError.from(refusal.status, refusal.code);
}

/**
 * Spec §7 POST /passkey/verify-authentication: checks an assertion against this browser's
 * challenge and signs its owner in like any sign-in (session cookie, {session, user}); a passkey
 * without user verification of a person with two-factor on answers the second step first
 * (`{ twoFactorRedirect, twoFactorMethods }`, as /sign-in/email).
 */
export const verifyPasskeyAuthentication = defineEndpoint({
  name: "verifyPasskeyAuthentication",
  method: "POST",
  path: "/passkey/verify-authentication",
  body,
  session: "none",
  rateLimit: { window: 10, max: 3 },
  audit: ["sign-in", "anonymous-linked"],
  async handler({ ctx, body, headers, client, response, audit }): Promise<WireSessionResult | TwoFactorRedirect> {
    const challenge = await takeChallenge(ctx, headers, response, "authentication");
    const assertion = asAuthenticationResponse(body.response);
    const failed = (userId: string | null, reason: string): Promise<never> => refuse(audit, { userId, reason, status: 401, code: "AUTHENTICATION_FAILED" });

    const passkey = await findPasskeyByCredentialID(ctx.db, assertion.id);
    if (!passkey) return refuse(audit, { userId: challenge.userId, reason: "PASSKEY_NOT_FOUND", status: 401, code: "PASSKEY_NOT_FOUND" });
    // Options asked for one person's credentials: another person's cannot answer them.
    if (challenge.userId !== null && challenge.userId !== passkey.userId) return failed(challenge.userId, "credential-of-another-user");
    // A discoverable credential names its account; it must be the one the credential belongs to.
    const userHandle = assertion.response.userHandle;
    if (userHandle && userHandle !== Buffer.from(passkeyUserHandle(passkey.userId)).toString("base64url")) {
      return failed(passkey.userId, "user-handle-mismatch");
    }

    let verification: VerifiedAuthenticationResponse;
    try {
      verification = await (
        await loadWebAuthn()
      ).verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: challenge.challenge,
        expectedOrigin: ctx.options.passkey.origins,
        expectedRPID: ctx.options.passkey.rpID,
        credential: {
          id: passkey.credentialID,
          publicKey: decodePublicKey(passkey.publicKey),
          counter: Number(passkey.counter),
          transports: parseTransports(passkey.transports),
        },
        // Spec §9: user verification is preferred, not required.
        requireUserVerification: false,
      });
    } catch (error) {
      // Wrong origin, wrong rpID, bad signature, a counter that went backwards (a cloned
      // authenticator), malformed data: all a failed sign-in, never a 500.
      ctx.logger.warn("passkey assertion not verified", { error: error instanceof Error ? error.message : String(error) });
      return failed(passkey.userId, "assertion-not-verified");
    }
    const { newCounter, userVerified } = verification.authenticationInfo;
    if (!verification.verified || newCounter > MAX_STORED_COUNTER) return failed(passkey.userId, "assertion-not-verified");
    // Checked before the counter moves, so a refused assertion changes nothing.
    if (ctx.options.passkey.requireUserVerification && !userVerified) return failed(passkey.userId, "user-not-verified");
    if (!(await advancePasskeyCounter(ctx.db, passkey.id, Number(passkey.counter), newCounter))) {
      return failed(passkey.userId, "counter-raced");
    }
    const user = await findUserById(ctx.db, passkey.userId);
    if (!user) return failed(passkey.userId, "user-not-found");

    let signedIn: SignInOutcome;
    try {
      signedIn = await completeSignIn(
        { ctx, response, headers, client, audit },
        // With user verification a passkey is two factors (something held, something known or
        // been); without it, a person with two-factor on answers the second step as well.
        { user, rememberMe: true, way: { method: "passkey", twoFactors: userVerified, detail: { passkeyId: passkey.id } } },
      );
    } catch (error) {
      if (error instanceof APIError && error.code === "BANNED_USER") throw error;
      if (error instanceof APIError) throw APIError.from(500, "UNABLE_TO_CREATE_SESSION");
      throw error;
    }
    if (signedIn.kind === "second-step") return signedIn.answer;
    return { session: toWireSession(signedIn.session, signedIn.token), user: toWireUser(signedIn.user) };
  },
});
