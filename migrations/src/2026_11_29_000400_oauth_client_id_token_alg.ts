import type { Kysely } from "kysely";

/**
 * The algorithm that signs a client's ID tokens (OpenID Connect Dynamic Client Registration's
 * `id_token_signed_response_alg`): null, the provider's default (EdDSA); `RS256` or `ES256` for a
 * relying party that cannot verify EdDSA (mod_auth_openidc 2.4 through cjose). Frozen in time:
 * never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("oauthClient").addColumn("idTokenSignedResponseAlg", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("oauthClient").dropColumn("idTokenSignedResponseAlg").execute();
}
