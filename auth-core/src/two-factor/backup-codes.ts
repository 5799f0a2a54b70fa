import { createHmac } from "node:crypto";
import type { AuthContext } from "../context.js";
import { deriveTwoFactorCodeKey } from "../crypto/token-encryption.js";
import { generateId, randomString } from "../deps/random.js";
import type { DB } from "../store/database.js";
import { replaceBackupCodes } from "../store/two-factor-store.js";
import { BACKUP_CODE_COUNT } from "./options.js";

/**
 * The keyed hash of a backup or mailed code as stored. Codes are compared by this hash in the
 * database (a lookup by value, like session tokens): the plain code is never kept.
 */
export function hashTwoFactorCode(ctx: AuthContext, code: string): string {
  return createHmac("sha256", deriveTwoFactorCodeKey(ctx.secret)).update(code.trim()).digest("base64url");
}

/**
 * The backup codes' alphabet: lower case letters and digits without the look-alikes 0/o and 1/l/i
 * (31 characters; twelve of them are about 59 bits, what ten of [A-Za-z0-9] were).
 */
const BACKUP_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const BACKUP_CODE_LENGTH = 12;

/** A backup code as stored: lower case, its separators (hyphens, spaces) taken out. */
function canonicalBackupCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]+/g, "");
}

/**
 * The stored hashes a typed backup code may match, first the code of today's form (any case, with
 * or without its separator), then, for a code made before issue 48 (ten of [A-Za-z0-9], hashed as
 * `xxxxx-xxxxx` in its own case), that form as typed and with its hyphen put back.
 */
export function backupCodeHashes(ctx: AuthContext, typed: string): string[] {
  const hashes = [hashTwoFactorCode(ctx, canonicalBackupCode(typed))];
  const legacy = typed.trim();
  if (/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(legacy)) hashes.push(hashTwoFactorCode(ctx, legacy));
  else if (/^[A-Za-z0-9]{10}$/.test(legacy)) hashes.push(hashTwoFactorCode(ctx, `${legacy.slice(0, 5)}-${legacy.slice(5)}`));
  return hashes;
}

/**
 * New backup codes for the user, replacing any before: ten codes of twelve characters from an
 * alphabet without look-alikes, written `xxxxxx-xxxxxx`, stored as the keyed hash of their
 * canonical form (backupCodeHashes). Returns the plain codes: shown once, never stored.
 */
export async function issueBackupCodes(ctx: AuthContext, db: DB, userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const raw = randomString(ctx.random, BACKUP_CODE_ALPHABET, BACKUP_CODE_LENGTH);
    return `${raw.slice(0, 6)}-${raw.slice(6)}`;
  });
  await replaceBackupCodes(
    db,
    userId,
    codes.map((code) => ({ id: generateId(ctx.random), codeHash: hashTwoFactorCode(ctx, canonicalBackupCode(code)) })),
    ctx.clock.now(),
  );
  return codes;
}
