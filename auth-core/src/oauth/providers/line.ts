import { defineProvider, openIdProfile, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider, ProviderRuntime } from "../types.js";
import { readEmail, readObject, readOptionalString } from "./claims.js";

/** Options of LINE Login v2.1 (docs/providers.md, the line row). */
export interface LineProviderOptions extends BaseProviderOptions {
  /** The channel secret. */
  clientSecret: string;
  /** e.g. "consent". */
  prompt?: string;
  /** "normal" or "aggressive": offer to add the channel's LINE Official Account as a friend. */
  botPrompt?: "normal" | "aggressive";
}

const API = "https://api.line.me/oauth2/v2.1";

/**
 * LINE's web-login ID tokens are HS256, keyed with the channel secret, so LINE's verify
 * endpoint checks them (and the native ES256 ones): the claims, or null when it refuses.
 */
function verifyAtLine(clientId: string): (token: string, runtime: ProviderRuntime) => Promise<Record<string, unknown> | null> {
  return async (token, runtime) => {
    const response = await runtime.fetch(`${API}/verify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ id_token: token, client_id: clientId }).toString(),
    });
    if (!response.ok) return null;
    const claims = readObject(await response.json().catch(() => null));
    return typeof claims.sub === "string" && claims.iss === "https://access.line.me" ? claims : null;
  };
}

export function createLineProvider(options: LineProviderOptions): OAuthProvider {
  return defineProvider({
    id: "line",
    name: "LINE",
    options,
    defaultScopes: ["openid", "profile", "email"],
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: "https://access.line.me/oauth2/v2.1/authorize",
      token: `${API}/token`,
      userInfo: `${API}/userinfo`,
    }),
    authorizationParams() {
      const params: Record<string, string> = {};
      if (options.prompt) params.prompt = options.prompt;
      if (options.botPrompt) params.bot_prompt = options.botPrompt;
      return params;
    },
    // LINE checks signature and expiry; the engine then checks the channel id, age and nonce.
    idToken: { audiences: [options.clientId], maxAgeSeconds: null, verify: verifyAtLine(options.clientId) },
    supportsRefresh: true,
    // The ID token (with the address, once the channel may read it); else the user-info call.
    getUserInfo: openIdProfile({
      id: (claims) => readOptionalString(claims.sub),
      user: (claims) => ({
        email: readEmail(claims.email),
        // LINE gives no verification claim for the address.
        emailVerified: false,
        name: readOptionalString(claims.name),
        image: readOptionalString(claims.picture),
      }),
    }),
  });
}
