import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { randomAlphanumeric } from "../deps/random.js";
import { findScimTokenByHash, touchScimToken } from "../store/scim-store.js";
import { ScimError } from "./error.js";

/** A provisioning token: a prefix people recognise, then 48 random characters (about 285 bits). */
const TOKEN_PREFIX = "scim_";
const TOKEN_LENGTH = 48;

/** The caller a provisioning token stands for (gate/principal.ts's "scim-token"): its organization's directory. */
export interface ScimTokenCaller {
  kind: "scim-token";
  tokenId: string;
  organizationId: string;
}

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
 * The directory a SCIM request comes from: its bearer token's organization, looked up by hash.
 * The gate asks this on the endpoints that declare `caller: "scim-token"`. 401 in SCIM's shape
 * without one or for a token that is not ours; a session cookie counts for nothing here.
 */
export async function resolveScimTokenCaller(ctx: AuthContext, headers: Headers): Promise<ScimTokenCaller> {
  const token = readBearerToken(headers);
  if (!token) throw new ScimError(401, "A bearer token (the organization's provisioning token) is required");
  const row = await findScimTokenByHash(ctx.db, hashToken(token));
  if (!row) throw new ScimError(401, "The provisioning token is not valid");
  const now = ctx.clock.now();
  // The last sync shows to the organization's admins; written at most once a minute.
  if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) > 60_000) await touchScimToken(ctx.db, row.id, now);
  return { kind: "scim-token", tokenId: row.id, organizationId: row.organizationId };
}
