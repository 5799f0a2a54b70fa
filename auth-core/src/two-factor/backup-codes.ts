import { createHmac } from "node:crypto";
import type { AuthContext } from "../context.js";
import { deriveTwoFactorCodeKey } from "../crypto/token-encryption.js";
import { generateId, randomAlphanumeric } from "../deps/random.js";
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
 * New backup codes for the user, replacing any before: ten codes of ten characters from
 * [A-Za-z0-9] (about 59 bits each), written `xxxxx-xxxxx` as better-auth does. Returns the
 * plain codes: shown once, never stored.
 */
export async function issueBackupCodes(ctx: AuthContext, db: DB, userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const raw = randomAlphanumeric(ctx.random, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await replaceBackupCodes(
    db,
    userId,
    codes.map((code) => ({ id: generateId(ctx.random), codeHash: hashTwoFactorCode(ctx, code) })),
    ctx.clock.now(),
  );
  return codes;
}
