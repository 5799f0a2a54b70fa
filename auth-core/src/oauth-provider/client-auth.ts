import type { AuthContext } from "../context.js";
import type { OAuthClientRow } from "../store/database.js";
import { findOAuthClient } from "../store/oauth-provider-store.js";
import { readClientCredentials, secretMatches } from "./clients.js";
import { OAuthError } from "./oauth-error.js";

/**
 * The client calling the token, introspection or revocation endpoint. A confidential client
 * proves itself with its secret, by the method it registered (client_secret_basic, or
 * client_secret_post; either is taken for the other); a public client names itself only, and only
 * where `publicAllowed` (the token endpoint). Anything else is 401 invalid_client. The gate calls
 * it (gate/gate.ts, for endpoints declaring `oauthClient`) with the request's body before it is
 * validated: only its string fields `client_id` and `client_secret` are read.
 */
export async function authenticateClient(ctx: AuthContext, headers: Headers, body: unknown, publicAllowed: boolean): Promise<OAuthClientRow> {
  const credentials = readClientCredentials(headers, credentialFields(body));
  if (!credentials) throw new OAuthError(401, "invalid_client", "client authentication is required");
  const client = await findOAuthClient(ctx.db, credentials.clientId);
  if (!client || client.disabled === 1) throw new OAuthError(401, "invalid_client", "unknown client or wrong secret");
  if (client.clientSecretHash === null) {
    if (credentials.secret !== null) throw new OAuthError(401, "invalid_client", "a public client has no secret");
    if (!publicAllowed) throw new OAuthError(401, "invalid_client", "client authentication is required");
    return client;
  }
  if (credentials.secret === null || !secretMatches(client, credentials.secret)) throw new OAuthError(401, "invalid_client", "unknown client or wrong secret");
  return client;
}

function credentialFields(body: unknown): { client_id?: string; client_secret?: string } {
  if (typeof body !== "object" || body === null) return {};
  const { client_id: id, client_secret: secret } = body as Record<string, unknown>;
  return { ...(typeof id === "string" ? { client_id: id } : {}), ...(typeof secret === "string" ? { client_secret: secret } : {}) };
}
