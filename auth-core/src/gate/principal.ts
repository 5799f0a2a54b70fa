import type { ActiveSession } from "../session/active-session.js";
import type { OAuthClientRow, UserRow } from "../store/database.js";
import type { ScimTokenCaller } from "../scim-token/token.js";

/** Resources and actions an API key may perform (better-auth's key permissions); null: none. */
export type KeyPermissions = Readonly<Record<string, readonly string[]>> | null;

/**
 * Whom an API key belongs to. A person's key stands for its owner; an organization's key acts in
 * its organization only, and `createdBy` is the person who made it (named in the rows it writes).
 */
export type KeyHolder = { kind: "person"; owner: UserRow } | { kind: "organization"; organizationId: string; createdBy: UserRow };

/**
 * Who is acting on a call, decided by the gate (gate/gate.ts) before the handler runs:
 * - nobody: no session was presented (or the endpoint reads none);
 * - server: an in-process `auth.api` call the server makes on its own (the api door declares it:
 *   a call without headers, better-auth's "server" call), the only caller of server-only fields;
 * - person: a person's own session;
 * - impersonation: an admin acting as the person (`adminId`), held to account/impersonation-rule.ts;
 * - api-key: a request carrying a key, on an endpoint that allows keys; never a session;
 * - oauth-client: an OAuth client of the provider, authenticated by its secret (or, where the
 *   endpoint takes public clients, named by its id) at an endpoint declaring `oauthClient`;
 * - scim-token: an organization's directory, by its provisioning token, on the endpoints that declare
 *   `caller: "scim-token"` (SCIM's /scim/v2/…) and only there; never a person.
 */
export type Principal =
  | { kind: "nobody" }
  | { kind: "server" }
  | { kind: "person"; active: ActiveSession }
  | { kind: "impersonation"; active: ActiveSession; adminId: string }
  | { kind: "api-key"; keyId: string; permissions: KeyPermissions; holder: KeyHolder }
  | { kind: "oauth-client"; client: OAuthClientRow }
  | ScimTokenCaller;

export type KeyPrincipal = Extract<Principal, { kind: "api-key" }>;

/** A caller who is someone: a person (directly or impersonated) or a key. */
export type Actor = Extract<Principal, { kind: "person" | "impersonation" | "api-key" }>;

export const NOBODY: Principal = { kind: "nobody" };
export const SERVER: Principal = { kind: "server" };

/** The principal of a validated session: the person, or an admin acting as them. */
export function sessionPrincipal(active: ActiveSession): Principal {
  const adminId = active.session.impersonatedBy;
  return adminId === null ? { kind: "person", active } : { kind: "impersonation", active, adminId };
}

/** The person's session behind a principal, when it is one (a key has none). */
export function sessionOf(principal: Principal): ActiveSession | null {
  return principal.kind === "person" || principal.kind === "impersonation" ? principal.active : null;
}

/** The caller of an endpoint that requires someone (its `session` is required): the gate let no one else through. */
export function actorOf(principal: Principal): Actor {
  if (principal.kind === "nobody" || principal.kind === "server" || principal.kind === "scim-token" || principal.kind === "oauth-client")
    throw new Error(`no actor on a call by ${principal.kind}`);
  return principal;
}

/** The directory behind a SCIM call (`caller: "scim-token"`): the gate let no one else through. */
export function scimCallerOf(principal: Principal): ScimTokenCaller {
  if (principal.kind !== "scim-token") throw new Error(`no provisioning token on a call by ${principal.kind}`);
  return principal;
}

/** The client of an endpoint that declares `oauthClient`: the gate let no one else through. */
export function oauthClientOf(principal: Principal): OAuthClientRow {
  if (principal.kind !== "oauth-client") throw new Error(`no OAuth client on a call by ${principal.kind}`);
  return principal.client;
}

/** The person an actor's rows name: the session's person, a key's owner, or an organization key's creator. */
export function actingUser(actor: Actor): UserRow {
  if (actor.kind !== "api-key") return actor.active.user;
  return actor.holder.kind === "person" ? actor.holder.owner : actor.holder.createdBy;
}

/** The organization a call acts on when it names none: the session's active one, or an organization key's own. */
export function defaultOrganizationId(actor: Actor): string | null {
  if (actor.kind !== "api-key") return actor.active.session.activeOrganizationId;
  return actor.holder.kind === "organization" ? actor.holder.organizationId : null;
}
