import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

/*
 * The shapes @simplewebauthn/browser's startRegistration/startAuthentication resolve to. Only the
 * outer structure is checked here (a malformed body is a 400, never a 500); the cryptographic
 * checks belong to @simplewebauthn/server. Unknown keys pass through, as browsers add fields.
 */

const base64url = z
  .string()
  .max(65_536)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, "must be base64url");

const credentialBase = {
  id: base64url.min(1).max(1_366),
  rawId: base64url.min(1).max(1_366),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).nullish(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const registrationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64url.optional(),
  }),
});

export const authenticationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.nullish(),
  }),
});

/** A validated body as @simplewebauthn/server's type (the schema checked every field it reads). */
export function asRegistrationResponse(value: z.infer<typeof registrationResponseSchema>): RegistrationResponseJSON {
  return { ...value, authenticatorAttachment: value.authenticatorAttachment ?? undefined } as RegistrationResponseJSON;
}

export function asAuthenticationResponse(value: z.infer<typeof authenticationResponseSchema>): AuthenticationResponseJSON {
  const response = { ...value.response, userHandle: value.response.userHandle ?? undefined };
  return { ...value, response, authenticatorAttachment: value.authenticatorAttachment ?? undefined } as AuthenticationResponseJSON;
}
