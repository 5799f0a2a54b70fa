import { createHash } from "node:crypto";
import { randomPKCEVerifier, type RandomReader } from "../deps/random.js";

/** Spec §9: a 128-character code verifier (RFC 7636 §4.1 allows 43 to 128). */
const CODE_VERIFIER_LENGTH = 128;

export function generateCodeVerifier(random: RandomReader): string {
  return randomPKCEVerifier(random, CODE_VERIFIER_LENGTH);
}

/** RFC 7636 §4.2: S256 = BASE64URL(SHA256(ASCII(code_verifier))). */
export function createS256CodeChallenge(codeVerifier: string): string {
  return createHash("sha256").update(codeVerifier, "ascii").digest("base64url");
}
