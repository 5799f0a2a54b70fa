import { loginRedirectTarget, sanitizeRedirect } from "@gatehouse/auth-core/shared";

/** Spec §2: default destination after login. */
const DEFAULT_AFTER_LOGIN = "/";
/** Spec §2: default return target after a third-party sign-in callback. */
const DEFAULT_SOCIAL_RETURN = "/login";
/** Spec §2, §4: where a signed-in person on /login is sent. */
export const SIGNED_IN_LANDING = "/subscribe";

export interface LoginParams {
  /** Sanitised destination after a sign-in on this page ("/" when none). */
  destination: string;
  /** Whether the URL named a destination at all (redirect or returnUrl). */
  hasDestination: boolean;
  /** The callback URL for a social sign-in (any provider): the destination, or /login when none was given. */
  socialCallbackURL: string;
  /** An OAuth error code the callback sent back (?error=…), if any. */
  error: string | null;
  /**
   * Set when another app's authorization sent the person here (Gatehouse as an OpenID provider):
   * the authorize request to navigate to once signed in, which goes on to consent or back to the
   * app. The query is the server's, signed: passed on as it stands.
   */
  authorizationURL: string | null;
}

/** A destination the server answers (an app's authorization to continue): a page load, not a route of the app. */
export function isAuthorizationContinuation(destination: string): boolean {
  return destination.startsWith("/api/auth/oauth2/authorize?");
}

/** The authorize endpoint's query on /login (client_id and the server's signature): the authorization to continue. */
export function authorizationURLOf(search: URLSearchParams): string | null {
  return search.has("client_id") && search.has("sig") ? `/api/auth/oauth2/authorize?${search}` : null;
}

/**
 * The shared rule, applied until it holds: a dot segment can resolve "/..//evil.com" to
 * "//evil.com", which the rule itself refuses, so a result that does not pass it again is "/".
 */
export function sanitizeLoginTarget(value: unknown, pageOrigin: string): string {
  const once = sanitizeRedirect(value, pageOrigin);
  return sanitizeRedirect(once, pageOrigin) === once ? once : DEFAULT_AFTER_LOGIN;
}

/** Reads /login's search params; both redirect and returnUrl go through the shared rule (spec §2, §5). */
export function readLoginParams(search: URLSearchParams, pageOrigin: string): LoginParams {
  const raw = search.get("redirect") ?? search.get("returnUrl");
  const destination = raw === null ? DEFAULT_AFTER_LOGIN : sanitizeLoginTarget(raw, pageOrigin);
  const authorizationURL = authorizationURLOf(search);
  return {
    destination,
    hasDestination: raw !== null,
    // A provider's callback lands on the authorization itself, which then continues it.
    socialCallbackURL: authorizationURL ?? (raw === null ? DEFAULT_SOCIAL_RETURN : destination),
    error: search.get("error"),
    authorizationURL,
  };
}

/**
 * Spec §2: the /login URL for a guarded location (path plus query, or / when not a path). With
 * `ended`, the code of why the session ended (a ban: the auth client's sessionEnd), which /login
 * shows in words as `?error=` (issue 48: not a silent bounce).
 */
export function loginURLFor(pathWithQuery: string, ended?: string | null): string {
  const params = new URLSearchParams({ redirect: loginRedirectTarget(pathWithQuery) });
  if (ended) params.set("error", ended);
  return `/login?${params}`;
}
