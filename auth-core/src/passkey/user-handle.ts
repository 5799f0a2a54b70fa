import { createHash } from "node:crypto";

/**
 * The WebAuthn user handle of a person (spec §3: 1 to 64 bytes; WebAuthn L3 §5.4.3). Our user ids
 * are 32 random ASCII characters, used as they are; a longer id is hashed to 32 bytes. Stable per
 * person, so an assertion's userHandle names the owner of the credential.
 */
export function passkeyUserHandle(userId: string): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(userId);
  if (bytes.length >= 1 && bytes.length <= 64) return bytes;
  return new Uint8Array(createHash("sha256").update(userId).digest());
}
