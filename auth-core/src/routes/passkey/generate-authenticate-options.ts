import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { loadWebAuthn } from "../../passkey/webauthn.js";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { emailField, parseEmailOrThrow } from "../../email/email-address.js";
import { issueChallenge } from "../../passkey/challenge.js";
import { CEREMONY_TIMEOUT_MS, newChallenge, toCredentialDescriptor } from "../../passkey/credential.js";
import type { PasskeyRow } from "../../store/database.js";
import { findPasskeysByUserEmail, findPasskeysByUserId } from "../../store/passkey-store.js";

const body = z.object({ email: emailField.optional() });

/**
 * Spec §7 POST /passkey/generate-authenticate-options {email}: the `optionsJSON` for
 * @simplewebauthn/browser's startAuthentication, allowing only that person's credentials.
 * GET (or POST without email) asks for discoverable credentials: conditional UI (spec §9) and
 * clients that call it with GET as better-auth 1.7 does. A signed-in caller without an email
 * gets their own credentials, for re-authentication.
 */
export const generatePasskeyAuthenticationOptions = defineEndpoint({
  name: "generatePasskeyAuthenticationOptions",
  method: ["GET", "POST"],
  path: "/passkey/generate-authenticate-options",
  body,
  session: "optional",
  rateLimit: { window: 10, max: 10 },
  audit: { none: "stores a ceremony challenge; the sign-in row comes with verify-authentication" },
  async handler({ ctx, body, session, headers, response }): Promise<PublicKeyCredentialRequestOptionsJSON> {
    let passkeys: PasskeyRow[] = [];
    if (body.email !== undefined) {
      // One query whether or not the person exists; an unknown email and a person without
      // passkeys get the same spec §8 answer.
      passkeys = await findPasskeysByUserEmail(ctx.db, parseEmailOrThrow(body.email));
      if (passkeys.length === 0) throw APIError.from(404, "NO_PASSKEY_FOUND");
    } else if (session) {
      passkeys = await findPasskeysByUserId(ctx.db, session.user.id);
    }
    const options = await (
      await loadWebAuthn()
    ).generateAuthenticationOptions({
      rpID: ctx.options.passkey.rpID,
      challenge: newChallenge(ctx.random),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: "preferred",
      ...(passkeys.length > 0 ? { allowCredentials: passkeys.map(toCredentialDescriptor) } : {}),
    });
    await issueChallenge(ctx, headers, response, {
      kind: "authentication",
      challenge: options.challenge,
      userId: passkeys[0]?.userId ?? null,
      name: null,
    });
    return options;
  },
});
