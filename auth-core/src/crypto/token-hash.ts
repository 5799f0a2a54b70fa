import { createHmac, hash } from "node:crypto";

/** SHA-256 of a bearer token, as stored at rest (base64url). Only the holder has the raw value. */
export function hashToken(token: string): string {
  return hash("sha256", token, "base64url");
}

/** HMAC-SHA256 of a value under the auth secret (base64url): signs cookies. */
export function signValue(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}
