import type { Logger } from "@gatehouse/auth-core";

export interface DevIdentityProviderOptions {
  /** Port on localhost; the issuer is http://localhost:PORT. */
  port: number;
  /** The redirect URI registered for the client: BASE_URL/api/auth/callback/google. */
  redirectURI: string;
  logger: Logger;
}

export interface DevIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * The development identity provider: a real OpenID provider on localhost standing in for Google,
 * with a page to pick or create a test person. Owned by the social sign-in issue.
 */
export async function startDevIdentityProvider(_options: DevIdentityProviderOptions): Promise<DevIdentityProvider | null> {
  return null;
}
