import type { AnyEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";

/**
 * The provider's one on/off switch: every endpoint of routes/oauth-provider/ passes through here,
 * and answers 404 NOT_FOUND (as an unknown path) while `oauthProvider.enabled` is false.
 */
export function whenOAuthProviderOn<E extends AnyEndpoint>(endpoint: E): E {
  const handler = endpoint.handler.bind(endpoint);
  return {
    ...endpoint,
    handler(call: Parameters<E["handler"]>[0]) {
      if (!call.ctx.options.oauthProvider.enabled) throw APIError.from(404, "NOT_FOUND");
      return handler(call);
    },
  };
}
