import type { AuthContext } from "../context.js";
import type { ResponseDraft } from "../endpoint.js";
import { APIError } from "../errors.js";
import type { SsoProviderRow } from "../store/database.js";

/** Placeholder until the SAML flow lands: a SAML provider routes no sign-in yet. */
export async function startSamlSignIn(
  _ctx: AuthContext,
  _draft: ResponseDraft,
  _row: SsoProviderRow,
  _flow: { callbackURL: string; errorURL?: string; newUserURL?: string },
): Promise<string> {
  throw APIError.from(404, "PROVIDER_NOT_FOUND");
}
