import type { AuthContext } from "../context.js";
import { generateId } from "../deps/random.js";
import { decryptToken, deriveTokenEncryptionKey, encryptToken } from "../crypto/token-encryption.js";
import type { AccountRow, AccountUpdate } from "../store/database.js";
import { updateAccount, type insertAccount } from "../store/account-store.js";
import { refreshAccessToken } from "./engine.js";
import type { OAuthProvider, OAuthTokens } from "./types.js";

/** Spec §9: an access token is refreshed when it expires within 5 seconds. */
const ACCESS_TOKEN_REFRESH_MARGIN_MS = 5_000;

type TokenColumns = Pick<AccountUpdate, "accessToken" | "refreshToken" | "idToken" | "accessTokenExpiresAt" | "refreshTokenExpiresAt" | "scope">;

function seal(ctx: AuthContext, key: Buffer, value: string | null): string | null {
  return value === null ? null : encryptToken(key, ctx.random, value);
}

/**
 * The account columns for a token response, encrypted at rest. Values the provider did not send
 * again (a refresh token, the scopes) are left out, so the stored ones stay.
 */
export function toStoredTokens(ctx: AuthContext, tokens: OAuthTokens): TokenColumns {
  const key = deriveTokenEncryptionKey(ctx.secret);
  const columns: TokenColumns = {
    accessToken: seal(ctx, key, tokens.accessToken),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt?.toISOString() ?? null,
  };
  if (tokens.idToken) columns.idToken = seal(ctx, key, tokens.idToken);
  if (tokens.refreshToken) {
    columns.refreshToken = seal(ctx, key, tokens.refreshToken);
    columns.refreshTokenExpiresAt = tokens.refreshTokenExpiresAt?.toISOString() ?? null;
  }
  // Spec §3: the stored scope is comma-separated.
  if (tokens.scopes.length > 0) columns.scope = tokens.scopes.join(",");
  return columns;
}

interface PlainAccountTokens {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
}

function readStoredTokens(ctx: AuthContext, row: Pick<AccountRow, "accessToken" | "refreshToken" | "idToken">): PlainAccountTokens {
  const key = deriveTokenEncryptionKey(ctx.secret);
  const open = (value: string | null): string | null => (value === null ? null : decryptToken(key, value));
  return { accessToken: open(row.accessToken), refreshToken: open(row.refreshToken), idToken: open(row.idToken) };
}

function isAccessTokenExpiring(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) - now.getTime() < ACCESS_TOKEN_REFRESH_MARGIN_MS;
}

/** Refreshes the account's tokens at the provider and stores the new ones. */
export async function refreshAccountTokens(ctx: AuthContext, provider: OAuthProvider, account: AccountRow): Promise<OAuthTokens> {
  const { refreshToken } = readStoredTokens(ctx, account);
  if (!refreshToken) throw new Error("no refresh token stored");
  const tokens = await refreshAccessToken(ctx, provider, refreshToken);
  await updateAccount(ctx.db, account.id, { ...toStoredTokens(ctx, tokens), updatedAt: ctx.clock.now().toISOString() });
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

export interface UsableTokens extends PlainAccountTokens {
  accessTokenExpiresAt: string | null;
  scopes: string[];
}

/** The account's tokens, refreshed first when the access token expires within 5 s (spec §9). */
export async function getUsableTokens(ctx: AuthContext, provider: OAuthProvider, account: AccountRow): Promise<UsableTokens> {
  const stored = readStoredTokens(ctx, account);
  const scopes = account.scope ? account.scope.split(",").filter(Boolean) : [];
  if (stored.refreshToken && provider.supportsRefresh && isAccessTokenExpiring(account.accessTokenExpiresAt, ctx.clock.now())) {
    const fresh = await refreshAccountTokens(ctx, provider, account);
    return {
      accessToken: fresh.accessToken,
      refreshToken: fresh.refreshToken,
      idToken: fresh.idToken ?? stored.idToken,
      accessTokenExpiresAt: fresh.accessTokenExpiresAt?.toISOString() ?? null,
      scopes: fresh.scopes.length > 0 ? fresh.scopes : scopes,
    };
  }
  return { ...stored, accessTokenExpiresAt: account.accessTokenExpiresAt, scopes };
}

/** The account row for a new link, with encrypted tokens. */
export function newAccountRow(
  ctx: AuthContext,
  input: { userId: string; providerId: string; accountId: string; tokens: OAuthTokens },
): Parameters<typeof insertAccount>[1] {
  const now = ctx.clock.now().toISOString();
  return {
    id: generateId(ctx.random),
    userId: input.userId,
    providerId: input.providerId,
    accountId: input.accountId,
    accessToken: null,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scope: null,
    password: null,
    ...toStoredTokens(ctx, input.tokens),
    createdAt: now,
    updatedAt: now,
  };
}
