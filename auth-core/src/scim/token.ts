import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { randomAlphanumeric } from "../deps/random.js";
import type { ScimTokenRow } from "../store/database.js";
import { findScimTokenByHash, touchScimToken } from "../store/scim-store.js";
import { ScimError } from "./wire.js";

/** A provisioning token: a prefix people recognise, then 48 random characters (about 285 bits). */
const TOKEN_PREFIX = "scim_";
const TOKEN_LENGTH = 48;

/** `Authorization: Bearer <token>`, as sent (no decoding: our tokens are plain characters). */
function readBearerToken(headers: Headers): string | null {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return match ? match[1]! : null;
}

export function newScimToken(ctx: AuthContext): { token: string; tokenHash: string } {
  const token = `${TOKEN_PREFIX}${randomAlphanumeric(ctx.random, TOKEN_LENGTH)}`;
  return { token, tokenHash: hashToken(token) };
}

/**
 * The organization a SCIM request acts for: its bearer token's, looked up by hash. 401 (SCIM's
 * error) without one or for a token that is not ours; a session cookie counts for nothing here.
 */
export async function authenticateScim(ctx: AuthContext, headers: Headers): Promise<ScimTokenRow> {
  const token = readBearerToken(headers);
  if (!token) throw new ScimError(401, "A bearer token (the organization's provisioning token) is required");
  const row = await findScimTokenByHash(ctx.db, hashToken(token));
  if (!row) throw new ScimError(401, "The provisioning token is not valid");
  const now = ctx.clock.now();
  // The last sync shows to the organization's admins; written at most once a minute.
  if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) > 60_000) await touchScimToken(ctx.db, row.id, now);
  return row;
}
