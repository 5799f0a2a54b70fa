import type { SsoProviderRow } from "../store/database.js";

/**
 * The key a sign-in's state is stored under: the provider row's own id, not its public name, so a
 * flow started before the provider was deleted (or replaced under the same name) finds no state.
 */
export function ssoStateKey(row: SsoProviderRow): string {
  return `sso:${row.id}`;
}
