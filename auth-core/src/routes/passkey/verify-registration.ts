import type { VerifiedRegistrationResponse } from "@simplewebauthn/server";
import { loadWebAuthn } from "../../passkey/webauthn.js";
import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError, type ErrorCode } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { takeChallenge } from "../../passkey/challenge.js";
import { encodePublicKey, formatTransports, MAX_STORED_COUNTER } from "../../passkey/credential.js";
import { asRegistrationResponse, registrationResponseSchema } from "../../passkey/response-schemas.js";
import { toWirePasskey } from "../../passkey/wire-passkey.js";
import { defaultPasskeyName } from "../../passkey/passkey-name.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import type { WirePasskey } from "../../shared/wire-types.js";
import { insertPasskey } from "../../store/passkey-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import type { Audit } from "../../audit/audit-log.js";

const body = z.object({
  response: registrationResponseSchema,
  name: z.string().max(255).optional(),
});

async function refuse(audit: Audit<"passkey-added">, userId: string, status: number, code: ErrorCode): Promise<never> {
  await audit.record({ userId, type: "passkey-added", outcome: "failure", method: "passkey", detail: { reason: code } });
  throw APIError.from(status, code);
}

/** Spec §7 POST /passkey/verify-registration: checks the new credential and stores it. */
export const verifyPasskeyRegistration = defineEndpoint({
  name: "verifyPasskeyRegistration",
  method: "POST",
  path: "/passkey/verify-registration",
  body,
  // A passkey is a lasting way in: adding one needs a fresh session, so a stolen one cannot plant it.
  session: "fresh",
  rateLimit: "default",
  audit: ["passkey-added"],
  async handler({ ctx, body, session, headers, client, response, audit }): Promise<WirePasskey> {
    const userId = session.user.id;
    const challenge = await takeChallenge(ctx, headers, response, "registration");
    // The challenge was issued to whoever was signed in then; nobody else may finish it.
    if (challenge.userId !== userId) return refuse(audit, userId, 401, "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY");

    let verification: VerifiedRegistrationResponse;
    try {
      verification = await (
        await loadWebAuthn()
      ).verifyRegistrationResponse({
        response: asRegistrationResponse(body.response),
        expectedChallenge: challenge.challenge,
        expectedOrigin: ctx.options.passkey.origins,
        expectedRPID: ctx.options.passkey.rpID,
        // Spec §9: user verification is preferred, not required.
        requireUserVerification: false,
      });
    } catch (error) {
      ctx.logger.warn("passkey registration not verified", { error: error instanceof Error ? error.message : String(error) });
      return refuse(audit, userId, 400, "FAILED_TO_VERIFY_REGISTRATION");
    }
    if (!verification.verified) return refuse(audit, userId, 400, "FAILED_TO_VERIFY_REGISTRATION");
    const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verification.registrationInfo;
    if (credential.counter > MAX_STORED_COUNTER) return refuse(audit, userId, 400, "FAILED_TO_VERIFY_REGISTRATION");

    let row;
    try {
      row = await audit.change(async (trx, log) => {
        const inserted = await insertPasskey(trx, {
          id: generateId(ctx.random),
          // Never unnamed: the authenticator's name, else the browser's and system's (passkey-name.ts).
          name: body.name || challenge.name || defaultPasskeyName(aaguid, headers.get("user-agent")),
          publicKey: encodePublicKey(credential.publicKey),
          userId,
          credentialID: credential.id,
          counter: credential.counter,
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
          transports: formatTransports(body.response.response.transports),
          aaguid,
          createdAt: ctx.clock.now(),
        });
        await log.write({
          userId,
          type: "passkey-added",
          method: "passkey",
          detail: { passkeyId: inserted.id, deviceType: inserted.deviceType },
        });
        return inserted;
      });
    } catch (error) {
      // The same credential registered before (by anyone): the browser should have excluded it.
      if (isUniqueViolation(error)) return refuse(audit, userId, 400, "FAILED_TO_VERIFY_REGISTRATION");
      throw error;
    }
    sendAccountNotice(ctx, session.user, session.user.email, { kind: "passkey-added", passkeyName: row.name ?? null }, headers);
    return toWirePasskey(row);
  },
});
