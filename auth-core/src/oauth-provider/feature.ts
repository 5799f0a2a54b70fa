import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";

/**
 * The provider's one on/off switch: every endpoint of routes/oauth-provider/ asks it first, and
 * answers 404 NOT_FOUND (as an unknown path) while `oauthProvider.enabled` is false.
 */
export function assertOAuthProviderOn(ctx: AuthContext): void {
  if (!ctx.options.oauthProvider.enabled) throw APIError.from(404, "NOT_FOUND");
}
