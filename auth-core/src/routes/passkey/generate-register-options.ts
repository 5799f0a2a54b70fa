import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { loadWebAuthn } from "../../passkey/webauthn.js";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { issueChallenge } from "../../passkey/challenge.js";
import { CEREMONY_TIMEOUT_MS, newChallenge, toCredentialDescriptor } from "../../passkey/credential.js";
import { passkeyUserHandle } from "../../passkey/user-handle.js";
import { findPasskeysByUserId } from "../../store/passkey-store.js";

const query = z.object({
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  name: z.string().max(255).optional(),
});

/**
 * Spec §7 GET /passkey/generate-register-options: the `optionsJSON` for @simplewebauthn/browser's
 * startRegistration. Resident keys preferred so conditional UI can find them; the person's
 * existing credentials excluded so one authenticator is not registered twice.
 */
export const generatePasskeyRegistrationOptions = defineEndpoint({
  name: "generatePasskeyRegistrationOptions",
  method: "GET",
  path: "/passkey/generate-register-options",
  query,
  // A passkey is a lasting way in: adding one needs a fresh session, so a stolen one cannot plant it.
  session: "fresh",
  rateLimit: "default",
  audit: { none: "stores a ceremony challenge; the passkey row comes with verify-registration" },
  async handler({ ctx, query, session, headers, response }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { user } = session;
    const existing = await findPasskeysByUserId(ctx.db, user.id);
    const options = await (
      await loadWebAuthn()
    ).generateRegistrationOptions({
      rpName: ctx.options.passkey.rpName,
      rpID: ctx.options.passkey.rpID,
      userID: passkeyUserHandle(user.id),
      userName: query.name || user.email,
      userDisplayName: user.name || user.email,
      challenge: newChallenge(ctx.random),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: "none",
      excludeCredentials: existing.map(toCredentialDescriptor),
      authenticatorSelection: {
        residentKey: "preferred",
        userVerification: "preferred",
        ...(query.authenticatorAttachment ? { authenticatorAttachment: query.authenticatorAttachment } : {}),
      },
    });
    await issueChallenge(ctx, headers, response, {
      kind: "registration",
      challenge: options.challenge,
      userId: user.id,
      name: query.name ?? null,
    });
    return options;
  },
});
