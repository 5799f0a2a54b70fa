import type { Auth } from "@gatehouse/auth-core";
import { compareProviders } from "./read-provider-env.js";

/** A sign-in button's worth of a provider: the id POST /sign-in/social takes, and its name. */
export interface EnabledProvider {
  id: string;
  name: string;
}

/** The providers this auth instance signs in with: Google first, then alphabetical by name. */
export function listEnabledProviders(auth: Auth): EnabledProvider[] {
  return [...auth.context.options.social.providers.values()].map(({ id, name }) => ({ id, name })).sort(compareProviders);
}
