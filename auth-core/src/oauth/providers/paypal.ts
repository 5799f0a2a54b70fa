import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { joinName, readEmail, readEmailVerified, readObject, readOptionalString } from "./claims.js";

/** Options of Log in with PayPal (docs/providers.md, the paypal row). */
export interface PayPalProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** "sandbox" (better-auth's default) or "live". */
  environment?: "sandbox" | "live";
  prompt?: string;
}

/** The address PayPal lists first as primary in `emails[]` (schema paypalv1.1), or a top-level one. */
function readPrimaryEmail(profile: Record<string, unknown>): string | null {
  const emails = Array.isArray(profile.emails) ? profile.emails.map((entry) => readObject(entry)) : [];
  const chosen = emails.find((entry) => entry.primary === true) ?? emails[0];
  return readEmail(chosen?.value) ?? readEmail(profile.email);
}

export function createPayPalProvider(options: PayPalProviderOptions): OAuthProvider {
  const live = options.environment === "live";
  const web = live ? "https://www.paypal.com" : "https://www.sandbox.paypal.com";
  const api = live ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com";
  return defineProvider({
    id: "paypal",
    name: "PayPal",
    options,
    // better-auth asks for none: the permissions are chosen on the app in PayPal's dashboard.
    defaultScopes: [],
    clientAuthentication: "client_secret_basic",
    endpoints: fixedEndpoints({
      authorization: `${web}/signin/authorize`,
      token: `${api}/v1/oauth2/token`,
      userInfo: `${api}/v1/identity/oauth2/userinfo`,
    }),
    authorizationParams: (): Record<string, string> => (options.prompt ? { prompt: options.prompt } : {}),
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      // Not a plain OpenID user-info answer: the paypalv1.1 schema lists addresses in `emails[]`.
      const profile = await engine.fetchJSON(`${api}/v1/identity/oauth2/userinfo?schema=paypalv1.1`, { accessToken: tokens.accessToken });
      if (!profile || Array.isArray(profile)) return null;
      const id = readOptionalString(profile.user_id);
      if (!id) return null;
      const email = readPrimaryEmail(profile);
      return {
        user: {
          id,
          email,
          // `verified_account` is about the PayPal account, not the address; only an
          // `email_verified` claim for this same address vouches for it.
          emailVerified: email !== null && readEmail(profile.email) === email && readEmailVerified(profile.email_verified),
          name: readOptionalString(profile.name) ?? joinName(profile.given_name, profile.family_name),
          image: readOptionalString(profile.picture),
        },
        data: profile,
      };
    },
  });
}
