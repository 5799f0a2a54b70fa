import type {
  AuthorizationURLInput,
  ClientAuthentication,
  IdTokenPolicy,
  OAuthProvider,
  OAuthUserInfo,
  ProviderEndpoints,
  ProviderRuntime,
  TokenRequestContext,
  UserInfoInput,
  OAuthProfile,
} from "./types.js";

/** The options every provider takes, named as better-auth's users already write them. */
export interface BaseProviderOptions {
  clientId: string;
  /** Most providers need one; a few accept public clients. */
  clientSecret?: string;
  /** Extra scopes, after the provider's defaults. */
  scope?: string[];
  disableDefaultScope?: boolean;
  /** The redirect URI registered at the provider; default {baseURL}/api/auth/callback/{id}. */
  redirectURI?: string;
  /** Sign-up only when the request asks for it (requestSignUp). */
  disableImplicitSignUp?: boolean;
  disableSignUp?: boolean;
  /** Refuse ID-token sign-in from the client (code flow only), where the provider has it. */
  disableIdTokenSignIn?: boolean;
  /** The integrator's own mapping of the provider's raw profile, applied over ours. */
  mapProfileToUser?: (profile: Record<string, unknown>) => Partial<Omit<OAuthUserInfo, "id">> | Promise<Partial<Omit<OAuthUserInfo, "id">>>;
}

/** What a provider file states about its provider; everything else has the common default. */
export interface ProviderDefinition {
  id: string;
  name: string;
  options: BaseProviderOptions;
  defaultScopes: string[];
  /** Default " ". */
  scopeSeparator?: string;
  /** Default false: the S256 challenge is sent only where the provider takes it. */
  sendPKCE?: boolean;
  /** Default client_secret_post (better-auth's default). */
  clientAuthentication?: ClientAuthentication;
  /** A secret computed per request (Apple's signed JWT) instead of options.clientSecret. */
  clientSecret?: (runtime: ProviderRuntime) => Promise<string | null>;
  /** Default "client_id". */
  clientIdParameter?: string;
  /** Default "form". */
  tokenRequestFormat?: "form" | "json";
  /** Extra headers of token requests (a User-Agent the provider requires). */
  tokenHeaders?: Record<string, string>;
  endpoints: ProviderEndpoints | { discoveryIssuer: string };
  authorizationParams?(input: AuthorizationURLInput): Record<string, string>;
  tokenParams?(request: TokenRequestContext): Record<string, string>;
  readTokenResponse?(body: Record<string, unknown>): Record<string, unknown>;
  /** null or absent: the provider's ID tokens are not read. */
  idToken?: IdTokenPolicy | null;
  /** Default true when there is an ID-token policy: clients may sign in with an ID token. */
  idTokenSignIn?: boolean;
  supportsRefresh: boolean;
  emailMayBeMissing?: boolean;
  getUserInfo(input: UserInfoInput): Promise<OAuthProfile | null>;
}

/** Fixed endpoints of a provider without OpenID discovery. */
export function fixedEndpoints(endpoints: { authorization: string; token: string; userInfo?: string; jwks?: string; issuers?: string[] }): ProviderEndpoints {
  return {
    authorization: endpoints.authorization,
    token: endpoints.token,
    userInfo: endpoints.userInfo ?? null,
    jwks: endpoints.jwks ?? null,
    issuers: endpoints.issuers ?? [],
  };
}

/** How a provider whose person is its user-info endpoint's answer reads that answer. */
export interface UserInfoMapping {
  /** The account id, or null to refuse the answer (no id, or a failure the provider reports in the body). */
  id(profile: Record<string, unknown>): string | null;
  user(profile: Record<string, unknown>, id: string): Omit<OAuthUserInfo, "id">;
}

/** The profile from a provider's answer: null without an answer or an id; the whole answer is its data. */
function mapProfile(profile: Record<string, unknown> | null, mapping: UserInfoMapping): OAuthProfile | null {
  const id = profile ? mapping.id(profile) : null;
  if (!profile || !id) return null;
  return { user: { id, ...mapping.user(profile, id) }, data: profile };
}

/**
 * The getUserInfo of a provider whose person is one GET of its user-info endpoint with the access
 * token: null without a token, an answer or an id; the whole answer is kept as the profile's data.
 */
export function userInfoProfile(mapping: UserInfoMapping): ProviderDefinition["getUserInfo"] {
  return async ({ tokens, engine }) => mapProfile(tokens.accessToken ? await engine.fetchUserInfo(tokens.accessToken) : null, mapping);
}

/**
 * The getUserInfo of an OpenID provider: the claims of the verified ID token, or (no ID token, or
 * one that no longer verifies, such as one past its hour) those of the user-info call.
 */
export function openIdProfile(mapping: UserInfoMapping): ProviderDefinition["getUserInfo"] {
  return async ({ tokens, engine }) => {
    const fromIdToken = tokens.idToken ? await engine.verifyIdToken(tokens.idToken) : null;
    return mapProfile(fromIdToken ?? (tokens.accessToken ? await engine.fetchUserInfo(tokens.accessToken) : null), mapping);
  };
}

/** Builds the engine's provider from a provider file's definition and the integrator's options. */
export function defineProvider(definition: ProviderDefinition): OAuthProvider {
  const { options } = definition;
  const secret = options.clientSecret ?? null;
  return {
    id: definition.id,
    name: definition.name,
    clientId: options.clientId,
    clientSecret: definition.clientSecret ?? (async () => secret),
    clientIdParameter: definition.clientIdParameter ?? "client_id",
    defaultScopes: [...(options.disableDefaultScope ? [] : definition.defaultScopes), ...(options.scope ?? [])],
    scopeSeparator: definition.scopeSeparator ?? " ",
    sendPKCE: definition.sendPKCE ?? false,
    clientAuthentication: definition.clientAuthentication ?? "client_secret_post",
    tokenRequestFormat: definition.tokenRequestFormat ?? "form",
    tokenHeaders: definition.tokenHeaders ?? {},
    endpoints: definition.endpoints,
    redirectURI: options.redirectURI ?? null,
    authorizationParams: definition.authorizationParams ?? (() => ({})),
    tokenParams: definition.tokenParams ?? (() => ({})),
    readTokenResponse: definition.readTokenResponse ?? ((body) => body),
    idToken: definition.idToken ?? null,
    idTokenSignIn: Boolean(definition.idToken) && (definition.idTokenSignIn ?? true) && !options.disableIdTokenSignIn,
    supportsRefresh: definition.supportsRefresh,
    emailMayBeMissing: definition.emailMayBeMissing ?? false,
    disableImplicitSignUp: options.disableImplicitSignUp ?? false,
    disableSignUp: options.disableSignUp ?? false,
    getUserInfo: definition.getUserInfo,
    mapProfileToUser: options.mapProfileToUser ?? null,
  };
}
