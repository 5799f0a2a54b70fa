import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readOptionalString } from "./claims.js";

/** Options of Sign in with Hugging Face (docs/providers.md, the huggingface row). */
export interface HuggingFaceProviderOptions extends BaseProviderOptions {
  /** Public apps (PKCE only) have none. */
  clientSecret?: string;
}

const HF = "https://huggingface.co";

export function createHuggingFaceProvider(options: HuggingFaceProviderOptions): OAuthProvider {
  return defineProvider({
    id: "huggingface",
    name: "Hugging Face",
    options,
    defaultScopes: ["openid", "profile", "email"],
    sendPKCE: true,
    clientAuthentication: options.clientSecret ? "client_secret_post" : "none",
    endpoints: fixedEndpoints({ authorization: `${HF}/oauth/authorize`, token: `${HF}/oauth/token`, userInfo: `${HF}/oauth/userinfo` }),
    // better-auth wires the standard grant; whether Hugging Face issues refresh tokens is unconfirmed.
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      const claims = await engine.fetchUserInfo(tokens.accessToken);
      if (!claims || typeof claims.sub !== "string") return null;
      return {
        user: {
          id: claims.sub,
          email: readEmail(claims.email),
          emailVerified: readEmailVerified(claims.email_verified),
          name: readOptionalString(claims.name) ?? readOptionalString(claims.preferred_username),
          image: readOptionalString(claims.picture),
        },
        data: claims,
      };
    },
  });
}
