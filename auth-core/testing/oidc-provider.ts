import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type CryptoKey } from "jose";
import type Provider from "oidc-provider";
import { testSigningKeyPair } from "./signing-keys.js";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";

/** A person who can sign in at the OpenID provider. */
export interface OIDCPerson {
  sub: string;
  /** Omitted: the provider has no email for this person (USER_EMAIL_NOT_FOUND paths). */
  email?: string;
  emailVerified?: boolean;
  name?: string;
  picture?: string;
  /** Google Workspace domain claim. */
  hd?: string;
}

export interface OIDCClientRegistration {
  clientId: string;
  clientSecret: string;
  redirectURIs: string[];
  /** Default client_secret_post (what Google does in better-auth). */
  tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post";
}

export interface OpenIDProviderCoreInput {
  issuer: string;
  clients: OIDCClientRegistration[];
  findPerson(sub: string): OIDCPerson | undefined;
  /** Where the provider sends the browser to sign in: a path on the provider's own host. */
  interactionURL(uid: string): string;
  /** Access token lifetime in seconds; default 3600. */
  accessTokenTTL?: number;
  /** The RS256 key its ID tokens are signed with; default: a new one. */
  signingKey?: CryptoKey;
}

/**
 * A configured oidc-provider instance: code flow only, PKCE S256 required for every client,
 * refresh tokens issued to clients allowed the refresh_token grant (as Google does with
 * access_type=offline), and the person's claims inside the ID token (Google puts them there).
 * Shared by the test provider and the server's development identity provider.
 */
export async function createOpenIDProvider(input: OpenIDProviderCoreInput): Promise<Provider> {
  const { default: ProviderClass } = await import("oidc-provider");
  const privateKey = input.signingKey ?? (await generateKeyPair("RS256", { extractable: true })).privateKey;
  const jwk = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" };
  const configuration: Configuration = {
    clients: input.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectURIs,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? "client_secret_post",
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture", "hd"] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: input.accessTokenTTL ?? 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => input.interactionURL(interaction.uid) },
    findAccount: (_ctx, sub) => {
      const person = input.findPerson(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(person.email === undefined ? {} : { email: person.email, email_verified: person.emailVerified ?? false }),
          ...(person.name === undefined ? {} : { name: person.name }),
          ...(person.picture === undefined ? {} : { picture: person.picture }),
          ...(person.hd === undefined ? {} : { hd: person.hd }),
        }),
      };
    },
  };
  const provider = new ProviderClass(input.issuer, configuration);
  // The tests and the development provider run over plain http on localhost.
  provider.proxy = true;
  return provider;
}

/**
 * Completes the provider's pending interaction as `sub`: signs the person in and grants every
 * scope the client asked for (a first-party consent).
 */
export async function finishInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, sub: string): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === "login") {
    await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    return;
  }
  const accountId = details.session?.accountId ?? sub;
  const clientId = String(details.params.client_id);
  const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
  if (!grant) throw new Error("grant vanished");
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

export interface TestOpenIDProvider {
  issuer: string;
  provider: Provider;
  /** Who signs in at the next interaction (the provider's login page is automatic in tests). */
  setPerson(person: OIDCPerson): void;
  /**
   * Drives a browser through the provider: follows redirects from the authorization URL
   * (login and consent happen automatically) and returns the URL the provider finally sends the
   * browser to (the client's redirect URI with code and state, or an error).
   */
  authorize(authorizationURL: string): Promise<URL>;
  close(): Promise<void>;
}

export interface StartTestOpenIDProviderInput {
  clients: OIDCClientRegistration[];
  person?: OIDCPerson;
  accessTokenTTL?: number;
}

interface RawResponse {
  status: number;
  location: string | null;
  setCookies: string[];
}

function rawGet(url: URL, cookie: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "GET", headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on("end", () => {
        const setCookie = res.headers["set-cookie"] ?? [];
        resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, setCookies: setCookie });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and a random port, for tests: the person
 * is set by the test and signs in without a page.
 */
export async function startTestOpenIDProvider(input: StartTestOpenIDProviderInput): Promise<TestOpenIDProvider> {
  let person: OIDCPerson = input.person ?? { sub: "person-1", email: "person@example.com", emailVerified: true, name: "Test Person" };
  const people = new Map<string, OIDCPerson>();
  let provider: Provider | undefined;
  const server = createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? "");
    if (match && provider) {
      people.set(person.sub, person);
      finishInteraction(provider, req, res, person.sub).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider?.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = await createOpenIDProvider({
    issuer,
    clients: input.clients,
    findPerson: (sub) => people.get(sub) ?? (sub === person.sub ? person : undefined),
    interactionURL: (uid) => `/interaction/${uid}`,
    accessTokenTTL: input.accessTokenTTL,
    signingKey: (await testSigningKeyPair("RS256")).privateKey,
  });
  const ready = provider;

  return {
    issuer,
    provider: ready,
    setPerson(next) {
      person = next;
      people.set(next.sub, next);
    },
    async authorize(authorizationURL) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationURL);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
        const response = await rawGet(url, cookie);
        for (const line of response.setCookies) {
          const [pair] = line.split(";");
          const eq = pair!.indexOf("=");
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        if (!response.location) throw new Error(`provider answered ${response.status} without a redirect at ${url.pathname}`);
        url = new URL(response.location, url);
      }
      throw new Error("too many redirects at the provider");
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
