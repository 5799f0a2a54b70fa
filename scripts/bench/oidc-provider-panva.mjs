#!/usr/bin/env node
// panva's oidc-provider 9 for bench:oidc, configured as Gatehouse's provider is: the same client
// (client_secret_basic, code + refresh + client_credentials), scopes, lifetimes, opaque tokens,
// refresh rotation, EdDSA keys, and its storage in a SQLite file (one table of models, as the
// library's adapter interface asks). Prints one JSON line (a live access token and the refresh
// pool) and "panva ready".
import { readFileSync } from "node:fs";
import SQLite from "better-sqlite3";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

const { port, file, clientSecret, pool } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const db = new SQLite(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.exec(`create table if not exists oidc (model text not null, id text not null, payload text not null, grant_id text, uid text, user_code text,
  expires_at integer, consumed_at integer, primary key (model, id)); create index if not exists oidc_grant on oidc (grant_id); create index if not exists oidc_uid on oidc (uid)`);
const upsert = db.prepare(
  `insert into oidc (model, id, payload, grant_id, uid, user_code, expires_at) values (?, ?, ?, ?, ?, ?, ?) on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
);
const byId = db.prepare(`select payload, expires_at, consumed_at from oidc where model = ? and id = ?`);
const byUid = db.prepare(`select payload, expires_at, consumed_at from oidc where model = ? and uid = ?`);
const byUserCode = db.prepare(`select payload, expires_at, consumed_at from oidc where model = ? and user_code = ?`);
const consume = db.prepare(`update oidc set consumed_at = ? where model = ? and id = ?`);
const destroy = db.prepare(`delete from oidc where model = ? and id = ?`);
const revokeGrant = db.prepare(`delete from oidc where grant_id = ?`);

function read(row) {
  if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined;
  const payload = JSON.parse(row.payload);
  return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
}

class SQLiteAdapter {
  constructor(name) {
    this.name = name;
  }
  async upsert(id, payload, expiresIn) {
    upsert.run(
      this.name,
      id,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.uid ?? null,
      payload.userCode ?? null,
      expiresIn ? Date.now() + expiresIn * 1000 : null,
    );
  }
  async find(id) {
    return read(byId.get(this.name, id));
  }
  async findByUid(uid) {
    return read(byUid.get(this.name, uid));
  }
  async findByUserCode(userCode) {
    return read(byUserCode.get(this.name, userCode));
  }
  async consume(id) {
    consume.run(Date.now(), this.name, id);
  }
  async destroy(id) {
    destroy.run(this.name, id);
  }
  async revokeByGrantId(grantId) {
    revokeGrant.run(grantId);
  }
}

const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
const issuer = `http://127.0.0.1:${port}`;
const provider = new Provider(issuer, {
  adapter: SQLiteAdapter,
  clients: [
    {
      client_id: "bench",
      client_secret: clientSecret,
      grant_types: ["authorization_code", "refresh_token", "client_credentials"],
      response_types: ["code"],
      redirect_uris: ["https://app.example.com/callback"],
      token_endpoint_auth_method: "client_secret_basic",
      scope: "openid profile email offline_access reports:read",
      id_token_signed_response_alg: "EdDSA",
    },
  ],
  jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "EdDSA", use: "sig", kid: "bench" }] },
  scopes: ["openid", "profile", "email", "offline_access", "reports:read"],
  claims: { openid: ["sub"], profile: ["name", "picture"], email: ["email", "email_verified"] },
  features: { clientCredentials: { enabled: true }, introspection: { enabled: true }, revocation: { enabled: true }, devInteractions: { enabled: false } },
  enabledJWA: { idTokenSigningAlgValues: ["EdDSA"] },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: "Pat", email: "pat@example.com", email_verified: false }) }),
  ttl: {
    AccessToken: 3600,
    ClientCredentials: 3600,
    RefreshToken: 30 * 86400,
    IdToken: 36_000,
    Grant: 30 * 86400,
    AuthorizationCode: 600,
    Session: 86400,
    Interaction: 3600,
  },
  rotateRefreshToken: true,
  pkce: { required: () => true },
  cookies: { keys: ["bench-cookie-key-bench-cookie-key"] },
});
provider.proxy = false;

const client = await provider.Client.find("bench");
const grant = new provider.Grant({ accountId: "pat", clientId: "bench" });
grant.addOIDCScope("openid profile email offline_access");
const grantId = await grant.save();
const scope = "openid profile email offline_access";
const accessToken = await new provider.AccessToken({ accountId: "pat", client, grantId, scope, gty: "authorization_code" }).save();
const now = Math.floor(Date.now() / 1000);
const refreshTokens = [];
db.exec("begin");
for (let i = 0; i < pool; i++) {
  refreshTokens.push(
    await new provider.RefreshToken({ accountId: "pat", client, grantId, scope, gty: "authorization_code", authTime: now, iiat: now, rotations: 0 }).save(),
  );
}
db.exec("commit");
provider.listen(port, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ accessToken, refreshTokens })}\npanva ready\n`);
});
