import { z } from "zod";
import type { AuthContext } from "../context.js";
import { endSessionsForBan, forgetSessionsEndedByBan } from "../account/ban.js";
import { generateId } from "../deps/random.js";
import { normalizeEmail } from "../email/email-address.js";
import type { Audit } from "../audit/audit-log.js";
import type { DB, ScimUserRow, ScimUserUpdate, UserRow } from "../store/database.js";
import { deleteMemberById, findMember, insertMember } from "../store/member-store.js";
import { deleteScimUser, findScimUserByUserId, findScimUserByUserName, insertScimUser, updateScimUser } from "../store/scim-store.js";
import { listSsoProvidersOfOrganizations } from "../store/sso-store.js";
import { findUserByEmail, findUserById, insertUser, updateUser } from "../store/user-store.js";
import { isUniqueViolation } from "../store/unique-violation.js";
import { emailIsInDomain } from "../sso/domains.js";
import { isAdminRole } from "../shared/admin-roles.js";
import { ScimError } from "../scim-token/error.js";

/** The rows provisioning writes; `userId` is the person, `method` "scim". */
export type ScimEvent = "scim-user-provisioned" | "scim-user-updated" | "scim-user-deactivated" | "scim-user-reactivated" | "scim-user-deprovisioned";

/** The role a directory's people get in the organization. */
const SCIM_ROLE = "member";

/** The ban that stands for "the directory holds this person inactive": its reason names the organization. */
function deactivationReason(organizationId: string): string {
  return `scim-deactivated:${organizationId}`;
}

const emailInput = z.object({ value: z.string().max(320), primary: z.union([z.boolean(), z.string()]).optional(), type: z.string().max(64).optional() });

/** A User as a directory sends it (RFC 7643 §4.1); unknown attributes are ignored. */
export const scimUserInput = z.object({
  schemas: z.array(z.string()).optional(),
  userName: z.string().trim().min(1).max(320),
  externalId: z.string().max(512).nullish(),
  name: z.object({ givenName: z.string().max(256).nullish(), familyName: z.string().max(256).nullish(), formatted: z.string().max(512).nullish() }).nullish(),
  displayName: z.string().max(512).nullish(),
  emails: z.array(emailInput).max(20).nullish(),
  active: z.union([z.boolean(), z.string()]).nullish(),
});

export type ScimUserInput = z.infer<typeof scimUserInput>;

/** Entra sends booleans as "True"/"False" strings. */
export function readBoolean(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  return null;
}

/** The address a provisioned person signs in with: the primary email, else the first, else a userName that is one. */
function addressOf(input: Pick<ScimUserInput, "emails" | "userName">): string | null {
  const emails = input.emails ?? [];
  const chosen = emails.find((e) => readBoolean(e.primary) === true) ?? emails[0];
  const value = chosen?.value ?? (input.userName.includes("@") ? input.userName : null);
  if (!value) return null;
  const email = normalizeEmail(value);
  return z.string().email().safeParse(email).success ? email : null;
}

function displayNameOf(input: Pick<ScimUserInput, "displayName" | "name">, fallback: string): string {
  const joined = [input.name?.givenName, input.name?.familyName].filter(Boolean).join(" ");
  return input.displayName || input.name?.formatted || joined || fallback;
}

/** Whether the organization proved it holds the address's domain (a verified provider domain). */
async function isInVerifiedDomain(db: DB, organizationId: string, email: string): Promise<boolean> {
  const providers = await listSsoProvidersOfOrganizations(db, [organizationId]);
  return providers.some((p) => p.domainVerified === 1 && emailIsInDomain(email, p.domain));
}

/**
 * Ends or restores the person's access: inactive is a ban naming the organization (every way in
 * refuses it, admin/ban.ts, API keys included), with every session of theirs ended at once; active
 * lifts only a ban the directory set.
 */
async function applyActive(ctx: AuthContext, trx: DB, user: UserRow, organizationId: string, active: boolean, now: Date): Promise<void> {
  if (!active) {
    // An operator of the whole service answers to the operators, not to one organization's directory.
    if (isAdminRole(user.role)) throw new ScimError(403, "This person is an operator of the service: a directory cannot deactivate them");
    await updateUser(trx, user.id, { banned: 1, banReason: deactivationReason(organizationId), banExpires: null, updatedAt: now.toISOString() });
    await endSessionsForBan(ctx, trx, { id: user.id, banExpires: null }, now);
  } else if (user.banned === 1 && user.banReason === deactivationReason(organizationId)) {
    await updateUser(trx, user.id, { banned: 0, banReason: null, banExpires: null, updatedAt: now.toISOString() });
    await forgetSessionsEndedByBan(trx, user.id);
  }
}

/**
 * POST /Users: the person's account (made without a password, or an existing one only when the
 * organization verified the address's domain) and their membership with role `member`.
 */
export async function provisionUser(
  ctx: AuthContext,
  audit: Audit<ScimEvent>,
  organizationId: string,
  input: ScimUserInput,
): Promise<{ row: ScimUserRow; user: UserRow }> {
  const email = addressOf(input);
  if (!email) throw new ScimError(400, "The user needs an email address (emails or an address as userName)", "invalidValue");
  if (await findScimUserByUserName(ctx.db, organizationId, input.userName)) throw new ScimError(409, "A user with this userName already exists", "uniqueness");
  const active = readBoolean(input.active) ?? true;
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (await findScimUserByUserId(ctx.db, organizationId, existing.id)) throw new ScimError(409, "This person is already provisioned", "uniqueness");
    // Someone else's account: only an organization that proved the domain may take it under its directory.
    if (!(await isInVerifiedDomain(ctx.db, organizationId, email))) throw new ScimError(409, "A user with this email already exists", "uniqueness");
  }
  try {
    return await audit.change(async (trx, log) => {
      const user =
        existing ??
        (await insertUser(trx, {
          id: generateId(ctx.random),
          name: displayNameOf(input, email),
          email,
          emailVerified: (await isInVerifiedDomain(trx, organizationId, email)) ? 1 : 0,
          image: null,
          createdAt: iso,
          updatedAt: iso,
        }));
      const row = await insertScimUser(trx, {
        id: generateId(ctx.random),
        organizationId,
        userId: user.id,
        userName: input.userName,
        externalId: input.externalId ?? null,
        givenName: input.name?.givenName ?? null,
        familyName: input.name?.familyName ?? null,
        active: active ? 1 : 0,
        createdAt: iso,
        updatedAt: iso,
      });
      if (!(await findMember(trx, organizationId, user.id))) {
        await insertMember(trx, { id: generateId(ctx.random), organizationId, userId: user.id, role: SCIM_ROLE, createdAt: iso });
      }
      if (!active) await applyActive(ctx, trx, user, organizationId, false, now);
      await log.write({
        userId: user.id,
        type: "scim-user-provisioned",
        method: "scim",
        organizationId,
        detail: { scimUserId: row.id, linked: existing !== undefined, active },
      });
      return { row, user: (await findUserById(trx, user.id)) ?? user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ScimError(409, "A user with this userName or email already exists", "uniqueness");
    throw error;
  }
}

/** What a replace or a patch changes. */
export interface ScimUserChange {
  userName?: string;
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  displayName?: string | null;
  active?: boolean;
}

/** Applies a change to a provisioned person: their SCIM record, their name, and their access. */
export async function changeUser(
  ctx: AuthContext,
  audit: Audit<ScimEvent>,
  current: ScimUserRow,
  change: ScimUserChange,
): Promise<{ row: ScimUserRow; user: UserRow }> {
  const now = ctx.clock.now();
  const iso = now.toISOString();
  if (change.userName !== undefined && change.userName !== current.userName) {
    const taken = await findScimUserByUserName(ctx.db, current.organizationId, change.userName);
    if (taken && taken.id !== current.id) throw new ScimError(409, "A user with this userName already exists", "uniqueness");
  }
  const update: ScimUserUpdate = { updatedAt: iso };
  if (change.userName !== undefined) update.userName = change.userName;
  if (change.externalId !== undefined) update.externalId = change.externalId;
  if (change.givenName !== undefined) update.givenName = change.givenName;
  if (change.familyName !== undefined) update.familyName = change.familyName;
  if (change.active !== undefined) update.active = change.active ? 1 : 0;
  const wasActive = current.active === 1;
  const type: ScimEvent =
    change.active === false && wasActive ? "scim-user-deactivated" : change.active === true && !wasActive ? "scim-user-reactivated" : "scim-user-updated";
  try {
    return await audit.change(async (trx, log) => {
      const row = await updateScimUser(trx, current.organizationId, current.id, update);
      const user = await findUserById(trx, current.userId);
      if (!row || !user) throw new ScimError(404, "User not found");
      const given = change.givenName !== undefined ? change.givenName : current.givenName;
      const family = change.familyName !== undefined ? change.familyName : current.familyName;
      const name = change.displayName || [given, family].filter(Boolean).join(" ");
      if (name && name !== user.name) await updateUser(trx, user.id, { name, updatedAt: iso });
      if (change.active !== undefined) await applyActive(ctx, trx, user, current.organizationId, change.active, now);
      await log.write({
        userId: user.id,
        type,
        method: "scim",
        organizationId: current.organizationId,
        detail: { scimUserId: row.id, fields: Object.keys(change).join(",") },
      });
      return { row, user: (await findUserById(trx, user.id)) ?? user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ScimError(409, "A user with this userName already exists", "uniqueness");
    throw error;
  }
}

/** DELETE /Users/:id: the person leaves the organization and its directory; their account stays theirs. */
export async function deprovisionUser(ctx: AuthContext, audit: Audit<ScimEvent>, current: ScimUserRow): Promise<void> {
  await audit.change(async (trx, log) => {
    const removed = await deleteScimUser(trx, current.organizationId, current.id);
    if (!removed) throw new ScimError(404, "User not found");
    const member = await findMember(trx, current.organizationId, current.userId);
    if (member && member.role.split(",").every((role) => role.trim() !== "owner")) {
      await deleteMemberById(trx, member.id);
    }
    await log.write({
      userId: current.userId,
      type: "scim-user-deprovisioned",
      method: "scim",
      organizationId: current.organizationId,
      detail: { scimUserId: current.id },
    });
  });
}
