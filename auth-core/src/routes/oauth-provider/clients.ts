import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { hashToken } from "../../crypto/token-hash.js";
import { defineEndpoint, type AdminRequirement } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import {
  adminClientInput,
  clientColumns,
  clientMetadataInput,
  newClientId,
  newClientRowId,
  newClientSecret,
  toPublicClient,
  toWireClient,
  type AdminClientInput,
  type PublicOAuthClient,
  type WireOAuthClient,
} from "../../oauth-provider/clients.js";
import type { Audit } from "../../audit/audit-log.js";
import type { OAuthClientRow } from "../../store/database.js";
import {
  deleteOAuthClient,
  findOAuthClient,
  insertOAuthClient,
  listClientConsents,
  listOAuthClients,
  updateOAuthClient,
} from "../../store/oauth-provider-store.js";

/** Only operators register and manage clients (a company's identity provider; better-auth lets any signed-in person). */
function admins(action: "create" | "read" | "update" | "delete"): AdminRequirement {
  return { permissions: { oauthClient: [action] }, refusal: "ONLY_ADMINS_MAY_REGISTER_OAUTH_CLIENTS" };
}

async function createClient(
  ctx: AuthContext,
  input: AdminClientInput,
  userId: string,
  response: { status: number },
  audit: Audit<"oauth-client-created">,
): Promise<WireOAuthClient> {
  const { isPublic, ...columns } = clientColumns(ctx, input);
  // A relying party reads the JWKS before its first ID token: the key of its algorithm is there from now on.
  if (columns.idTokenSignedResponseAlg !== null) await ctx.sessionJWT.keys.current(ctx, columns.idTokenSignedResponseAlg);
  const secret = isPublic ? undefined : newClientSecret(ctx);
  const at = ctx.clock.now().toISOString();
  const row = await audit.change(async (trx, log) => {
    const inserted = await insertOAuthClient(trx, {
      ...columns,
      id: newClientRowId(ctx),
      clientId: newClientId(ctx),
      clientSecretHash: secret === undefined ? null : hashToken(secret),
      userId,
      createdAt: at,
      updatedAt: at,
    });
    await log.write({ userId, type: "oauth-client-created", detail: { clientId: inserted.clientId, public: isPublic } });
    return inserted;
  });
  response.status = 201;
  return toWireClient(ctx, row, secret);
}

/** POST /admin/oauth2/create-client: an operator registers a client (server-only in better-auth; served over HTTP here). */
export const adminCreateOAuthClient = defineEndpoint({
  name: "adminCreateOAuthClient",
  method: "POST",
  path: "/admin/oauth2/create-client",
  body: adminClientInput,
  session: "required",
  feature: "oauthProvider",
  admin: admins("create"),
  rateLimit: { window: 60, max: 20 },
  audit: ["oauth-client-created"],
  async handler({ ctx, body, session, response, audit }): Promise<WireOAuthClient> {
    return createClient(ctx, body, session.user.id, response, audit);
  },
});

/** POST /oauth2/create-client (better-auth's session endpoint): admins only here. */
export const createOAuthClient = defineEndpoint({
  name: "createOAuthClient",
  method: "POST",
  path: "/oauth2/create-client",
  body: clientMetadataInput,
  session: "required",
  feature: "oauthProvider",
  admin: admins("create"),
  rateLimit: { window: 60, max: 20 },
  audit: ["oauth-client-created"],
  async handler({ ctx, body, session, response, audit }): Promise<WireOAuthClient> {
    return createClient(ctx, body, session.user.id, response, audit);
  },
});

async function clientOrThrow(ctx: AuthContext, clientId: string): Promise<OAuthClientRow> {
  const client = await findOAuthClient(ctx.db, clientId);
  if (!client) throw APIError.from(404, "OAUTH_CLIENT_NOT_FOUND");
  return client;
}

/** GET /oauth2/get-client?client_id= (operators). */
export const getOAuthClient = defineEndpoint({
  name: "getOAuthClient",
  method: "GET",
  path: "/oauth2/get-client",
  query: z.object({ client_id: z.string().min(1).max(200) }),
  session: "required",
  feature: "oauthProvider",
  admin: admins("read"),
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query }): Promise<WireOAuthClient> {
    return toWireClient(ctx, await clientOrThrow(ctx, query.client_id));
  },
});

/** GET /oauth2/get-clients (operators): every client, newest first. */
export const getOAuthClients = defineEndpoint({
  name: "getOAuthClients",
  method: "GET",
  path: "/oauth2/get-clients",
  session: "required",
  feature: "oauthProvider",
  admin: admins("read"),
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx }): Promise<WireOAuthClient[]> {
    return (await listOAuthClients(ctx.db)).map((client) => toWireClient(ctx, client));
  },
});

/** GET /oauth2/public-client?client_id= (any signed-in person): what the consent screen shows, never a secret. */
export const getOAuthClientPublic = defineEndpoint({
  name: "getOAuthClientPublic",
  method: "GET",
  path: "/oauth2/public-client",
  query: z.object({ client_id: z.string().min(1).max(200) }),
  session: "required",
  feature: "oauthProvider",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query }): Promise<PublicOAuthClient> {
    const client = await clientOrThrow(ctx, query.client_id);
    if (client.disabled === 1) throw APIError.from(404, "OAUTH_CLIENT_NOT_FOUND");
    return toPublicClient(client);
  },
});

const updateBody = z.object({ client_id: z.string().min(1).max(200), update: adminClientInput.partial() });

async function updateClient(
  ctx: AuthContext,
  body: z.infer<typeof updateBody>,
  userId: string,
  audit: Audit<"oauth-client-updated">,
): Promise<WireOAuthClient> {
  const current = await clientOrThrow(ctx, body.client_id);
  const wire = toWireClient(ctx, current);
  // The whole registration as it will be, checked as a new one would be; the auth method (and with it the secret) stays.
  const merged: AdminClientInput = adminClientInput.parse({
    client_name: wire.client_name,
    client_uri: wire.client_uri,
    logo_uri: wire.logo_uri,
    redirect_uris: wire.redirect_uris,
    post_logout_redirect_uris: wire.post_logout_redirect_uris,
    grant_types: wire.grant_types,
    scope: current.scopes === null ? undefined : wire.scope,
    client_credentials_scopes: wire.client_credentials_scopes,
    skip_consent: wire.skip_consent,
    enable_end_session: wire.enable_end_session,
    require_pkce: wire.require_pkce,
    disabled: wire.disabled,
    id_token_signed_response_alg: wire.id_token_signed_response_alg,
    ...body.update,
    token_endpoint_auth_method: current.tokenEndpointAuthMethod,
  });
  const { isPublic: _isPublic, ...columns } = clientColumns(ctx, merged);
  if (columns.idTokenSignedResponseAlg !== null) await ctx.sessionJWT.keys.current(ctx, columns.idTokenSignedResponseAlg);
  const row = await audit.change(async (trx, log) => {
    const updated = await updateOAuthClient(trx, current.clientId, { ...columns, updatedAt: ctx.clock.now().toISOString() });
    await log.write({ userId, type: "oauth-client-updated", detail: { clientId: current.clientId, fields: Object.keys(body.update).join(",") } });
    return updated!;
  });
  return toWireClient(ctx, row);
}

/** An update-client endpoint: better-auth serves the same call at two paths, the operators' and the admin's. */
function updateClientEndpoint<Name extends string>(name: Name, path: string) {
  return defineEndpoint({
    name,
    method: "POST",
    path,
    body: updateBody,
    session: "required",
    feature: "oauthProvider",
    admin: admins("update"),
    rateLimit: "default",
    audit: ["oauth-client-updated"],
    async handler({ ctx, body, session, audit }): Promise<WireOAuthClient> {
      return updateClient(ctx, body, session.user.id, audit);
    },
  });
}

/** POST /oauth2/update-client { client_id, update } (operators). */
export const updateOAuthClientEndpoint = updateClientEndpoint("updateOAuthClient", "/oauth2/update-client");

/** POST /admin/oauth2/update-client { client_id, update }: the operators' variant (the same rules). */
export const adminUpdateOAuthClient = updateClientEndpoint("adminUpdateOAuthClient", "/admin/oauth2/update-client");

/** POST /oauth2/client/rotate-secret { client_id }: a new secret, shown in this answer only; the old one stops working. */
export const rotateOAuthClientSecret = defineEndpoint({
  name: "rotateClientSecret",
  method: "POST",
  path: "/oauth2/client/rotate-secret",
  body: z.object({ client_id: z.string().min(1).max(200) }),
  session: "fresh",
  feature: "oauthProvider",
  admin: admins("update"),
  rateLimit: { window: 60, max: 10 },
  audit: ["oauth-client-secret-rotated"],
  async handler({ ctx, body, session, audit }): Promise<WireOAuthClient> {
    const current = await clientOrThrow(ctx, body.client_id);
    if (current.clientSecretHash === null) throw APIError.from(400, "INVALID_CLIENT_METADATA", { params: { reason: "a public client has no secret" } });
    const secret = newClientSecret(ctx);
    const row = await audit.change(async (trx, log) => {
      const updated = await updateOAuthClient(trx, current.clientId, { clientSecretHash: hashToken(secret), updatedAt: ctx.clock.now().toISOString() });
      await log.write({ userId: session.user.id, type: "oauth-client-secret-rotated", detail: { clientId: current.clientId } });
      return updated!;
    });
    return toWireClient(ctx, row, secret);
  },
});

/** POST /oauth2/delete-client { client_id }: the client goes with every approval, code and token it had. */
export const deleteOAuthClientEndpoint = defineEndpoint({
  name: "deleteOAuthClient",
  method: "POST",
  path: "/oauth2/delete-client",
  body: z.object({ client_id: z.string().min(1).max(200) }),
  session: "fresh",
  feature: "oauthProvider",
  admin: admins("delete"),
  rateLimit: "default",
  audit: ["oauth-client-deleted"],
  async handler({ ctx, body, session, audit }): Promise<{ success: true }> {
    await clientOrThrow(ctx, body.client_id);
    await audit.change(async (trx, log) => {
      if (!(await deleteOAuthClient(trx, body.client_id))) return log.unchanged();
      await log.write({ userId: session.user.id, type: "oauth-client-deleted", detail: { clientId: body.client_id } });
    });
    return { success: true };
  },
});

/** Who approved a client, and for what: one entry per person. */
export interface ClientGrant {
  id: string;
  userId: string;
  userEmail: string;
  userName: string;
  scopes: string[];
  createdAt: string;
  updatedAt: string;
}

/** GET /admin/oauth2/client-consents?client_id= (operators; Gatehouse's own): the people who approved a client and their scopes. */
export const adminListClientConsents = defineEndpoint({
  name: "adminListOAuthClientConsents",
  method: "GET",
  path: "/admin/oauth2/client-consents",
  query: z.object({ client_id: z.string().min(1).max(200) }),
  session: "required",
  feature: "oauthProvider",
  admin: admins("read"),
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query }): Promise<ClientGrant[]> {
    await clientOrThrow(ctx, query.client_id);
    return (await listClientConsents(ctx.db, query.client_id)).map((row) => ({
      id: row.id,
      userId: row.userId,
      userEmail: row.userEmail,
      userName: row.userName,
      scopes: row.scopes.split(" ").filter(Boolean),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
  },
});
