import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { APIError } from "../../errors.js";
import { redirectResponse } from "../../http/redirect-response.js";
import type { OAuthProvider } from "../../oauth/types.js";

/** The redirect URI registered at the provider: {baseURL}{basePath}/callback/{id}. */
export function callbackRedirectURI(ctx: AuthContext, providerId: string): string {
  return `${ctx.options.baseURL}${ctx.options.basePath}/callback/${providerId}`;
}

/** Where callback failures land when the flow named no error URL: the /error page. */
export function defaultErrorURL(ctx: AuthContext): string {
  return `${ctx.options.baseURL}${ctx.options.basePath}/error`;
}

/** 404 PROVIDER_NOT_FOUND for a provider that is not configured (better-auth 1.x). */
export function requireProvider(ctx: AuthContext, id: string): OAuthProvider {
  const provider = ctx.options.social.providers.get(id);
  if (!provider) throw APIError.from(404, "PROVIDER_NOT_FOUND");
  return provider;
}

/** A 302 to `url` with `error` (and a description) added to its query. */
export function redirectWithError(url: string, error: string, description?: string): Response {
  const params = new URLSearchParams({ error });
  if (description) params.set("error_description", description);
  const separator = url.includes("?") ? "&" : "?";
  return redirectTo(`${url}${separator}${params.toString()}`);
}

export function redirectTo(location: string): Response {
  return redirectResponse(location);
}

/** Scopes asked for on top of a provider's defaults (sign-in/social, link-social). */
export const scopesInput = z.array(z.string().max(256)).max(50);

/** The ID token a client obtained from the provider itself (spec §7 idToken{…}). */
export const idTokenInput = z.object({
  token: z.string().max(16384),
  nonce: z.string().max(512).optional(),
  accessToken: z.string().max(16384).optional(),
  refreshToken: z.string().max(16384).optional(),
});
