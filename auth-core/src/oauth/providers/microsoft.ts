import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider, ProviderRuntime } from "../types.js";
import { readEmail, readOptionalString } from "./claims.js";

type MicrosoftPhotoSize = 48 | 64 | 96 | 120 | 240 | 360 | 432 | 504 | 648;

/** Options of Microsoft Entra ID sign-in (docs/providers.md, the microsoft row; spec §9). */
export interface MicrosoftProviderOptions extends BaseProviderOptions {
  /** Public clients (SPA, native) use PKCE without a secret. */
  clientSecret?: string;
  /** "common" (spec §9 default), "organizations", "consumers", a tenant id or domain. */
  tenantId?: string;
  /** Default https://login.microsoftonline.com; CIAM: https://{tenant}.ciamlogin.com. */
  authority?: string;
  /** e.g. "select_account", "consent", "login". */
  prompt?: string;
  /** Spec §9: 48 by default. */
  profilePhotoSize?: MicrosoftPhotoSize;
  disableProfilePhoto?: boolean;
}

const DEFAULT_AUTHORITY = "https://login.microsoftonline.com";
const DEFAULT_SCOPES = ["openid", "profile", "email", "User.Read", "offline_access"];
/** The tenant of personal Microsoft accounts. */
const CONSUMERS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const GRAPH_PHOTO = "https://graph.microsoft.com/v1.0/me/photos";

/**
 * The issuer of a tenant named by its domain (`contoso.onmicrosoft.com`): its discovery
 * document names it with the tenant's id. Kept once read; a failure is not kept (asked again).
 */
function createTenantIssuerLookup(authority: string, tenant: string): (runtime: ProviderRuntime) => Promise<string> {
  let issuer: string | null = null;
  return async (runtime) => {
    if (issuer) return issuer;
    const response = await runtime.fetch(`${authority}/${tenant}/v2.0/.well-known/openid-configuration`, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`tenant discovery answered ${response.status}`);
    const document: unknown = await response.json();
    const found = document !== null && typeof document === "object" ? (document as Record<string, unknown>).issuer : undefined;
    if (typeof found !== "string" || found.length === 0) throw new Error("tenant discovery without issuer");
    issuer = found;
    return issuer;
  };
}

/**
 * Issuers name the signing-in person's tenant: `{authority}/{tid}/v2.0` (external tenants:
 * `https://{tid}.ciamlogin.com/{tid}/v2.0`), with `tid` the token's own claim; the configured
 * tenant then decides which tenants are welcome. A tenant named by its domain welcomes only the
 * issuer its discovery document names (any other tenant's token for a multi-tenant app is refused).
 */
function createIssuerRule(
  authority: string,
  tenant: string,
): (issuer: string, claims: Record<string, unknown>, runtime: ProviderRuntime) => boolean | Promise<boolean> {
  const ciam = new URL(authority).hostname.endsWith(".ciamlogin.com");
  const tenantIssuer = createTenantIssuerLookup(authority, tenant);
  return (issuer, claims, runtime) => {
    if (typeof claims.tid !== "string") return false;
    const expected = [`${authority}/${claims.tid}/v2.0`, ...(ciam ? [`https://${claims.tid}.ciamlogin.com/${claims.tid}/v2.0`] : [])];
    if (!expected.includes(issuer)) return false;
    const tid = claims.tid.toLowerCase();
    if (tenant === "common") return true;
    if (tenant === "organizations") return tid !== CONSUMERS_TENANT;
    if (tenant === "consumers") return tid === CONSUMERS_TENANT;
    if (/^[0-9a-f-]{36}$/.test(tenant)) return tid === tenant;
    return tenantIssuer(runtime).then((own) => own === issuer);
  };
}

/** The Graph photo as a data: URL, or null (no photo is a 404; any failure leaves no image). */
async function fetchPhoto(runtime: ProviderRuntime, accessToken: string, size: number): Promise<string | null> {
  try {
    const response = await runtime.fetch(`${GRAPH_PHOTO}/${size}x${size}/$value`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!response.ok) return null;
    const type = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
    const bytes = Buffer.from(await response.arrayBuffer());
    return bytes.length === 0 ? null : `data:${/^image\/(png|jpeg|gif|webp)$/.test(type) ? type : "image/jpeg"};base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}

export function createMicrosoftProvider(options: MicrosoftProviderOptions): OAuthProvider {
  const tenant = (options.tenantId || "common").toLowerCase();
  const authority = (options.authority || DEFAULT_AUTHORITY).replace(/\/+$/, "");
  const base = `${authority}/${tenant}`;
  const scopes = [...(options.disableDefaultScope ? [] : DEFAULT_SCOPES), ...(options.scope ?? [])];
  return defineProvider({
    id: "microsoft",
    name: "Microsoft",
    options,
    defaultScopes: DEFAULT_SCOPES,
    sendPKCE: true,
    clientAuthentication: options.clientSecret ? "client_secret_post" : "none",
    endpoints: fixedEndpoints({ authorization: `${base}/oauth2/v2.0/authorize`, token: `${base}/oauth2/v2.0/token`, jwks: `${base}/discovery/v2.0/keys` }),
    authorizationParams: (): Record<string, string> => (options.prompt ? { prompt: options.prompt } : {}),
    // Microsoft issues the refreshed token for the scopes named again on the refresh request.
    tokenParams: ({ grant }): Record<string, string> => (grant === "refresh_token" && scopes.length > 0 ? { scope: scopes.join(" ") } : {}),
    idToken: { audiences: [options.clientId], maxAgeSeconds: 60 * 60, matchIssuer: createIssuerRule(authority, tenant) },
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      const claims = tokens.idToken ? await engine.verifyIdToken(tokens.idToken) : null;
      if (!claims) return null;
      // `oid` is the person in the tenant whatever the app; `sub` differs per app.
      const id = readOptionalString(claims.oid) ?? readOptionalString(claims.sub);
      if (!id) return null;
      const email = readEmail(claims.email);
      // Microsoft does not verify `email` (an optional claim the tenant may set): only the
      // `email_verified` claim, or the address among the verified ones, vouches for it.
      const verifiedAddresses = [claims.verified_primary_email, claims.verified_secondary_email]
        .flatMap((list) => (Array.isArray(list) ? list : []))
        .map((address) => readEmail(address));
      const emailVerified = typeof claims.email_verified === "boolean" ? claims.email_verified : email !== null && verifiedAddresses.includes(email);
      const photoSize = options.profilePhotoSize ?? 48;
      const image = options.disableProfilePhoto || !tokens.accessToken ? null : await fetchPhoto(engine.runtime, tokens.accessToken, photoSize);
      return {
        user: { id, email, emailVerified, name: readOptionalString(claims.name), image },
        data: { ...claims, picture: image },
      };
    },
  });
}
