import { z } from "zod";
import { endSessionsForBan, forgetSessionsEndedByBan } from "../../account/ban.js";
import { banUnderAdminLocks, changeUserRole, parseRoleInput, requireUser } from "../../admin/admin-actions.js";
import { parseEmailOrThrow } from "../../email/email-address.js";
import { discardUserEmailTokens } from "../../email/email-tokens.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError, validationError } from "../../errors.js";
import { toWireUser } from "../../http/public-json.js";
import { hasAdminPermission } from "../../shared/admin-roles.js";
import type { WireUser } from "../../shared/wire-types.js";
import type { AuditedChange } from "../../audit/audit-log.js";
import type { DB, UserRow, UserUpdate } from "../../store/database.js";
import { deleteSessionsByUserId } from "../../store/session-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import { findUserByEmail, updateUser } from "../../store/user-store.js";
import { isAcceptableImageURL } from "../update-user.js";

/** The fields an admin may set here; the password has its own endpoint (better-auth's rule). */
const data = z
  .object({
    name: z.string().min(1).max(256).optional(),
    email: z.string().max(320).optional(),
    emailVerified: z.boolean().optional(),
    image: z.string().refine(isAcceptableImageURL, "Must be an https URL or a data:image URI").nullable().optional(),
    role: z.union([z.string().max(64), z.array(z.string().max(64)).max(10)]).optional(),
    banned: z.boolean().optional(),
    banReason: z.string().max(1024).nullable().optional(),
    banExpires: z.iso.datetime().nullable().optional(),
    password: z.unknown().optional(),
    id: z.unknown().optional(),
  })
  .strict();

type Data = z.infer<typeof data>;

function has(input: Data, key: keyof Data): boolean {
  return Object.hasOwn(input, key);
}

type UpdateEvent = "user-updated-by-admin" | "user-role-changed" | "user-banned" | "user-unbanned";

/** better-auth's admin update-user: the changed user, not wrapped. */
export const adminUpdateUserEndpoint = defineEndpoint({
  name: "adminUpdateUser",
  method: "POST",
  path: "/admin/update-user",
  body: z.object({ userId: z.coerce.string().min(1).max(256), data: z.record(z.string(), z.unknown()) }),
  session: "required",
  admin: { permissions: { user: ["update"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS" },
  rateLimit: "default",
  audit: ["user-updated-by-admin", "user-role-changed", "user-banned", "user-unbanned"],
  async handler({ ctx, body, session, audit }): Promise<WireUser> {
    if (Object.keys(body.data).length === 0) throw APIError.from(400, "NO_DATA_TO_UPDATE");
    if (Object.hasOwn(body.data, "password")) throw APIError.from(400, "PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER");
    if (Object.hasOwn(body.data, "id")) throw APIError.from(400, "USER_ID_CANNOT_BE_UPDATED");
    const parsed = data.safeParse(body.data);
    if (!parsed.success) throw validationError("body.data", parsed.error);
    const input = parsed.data;
    const role = input.role === undefined ? undefined : parseRoleInput(input.role);
    if (role !== undefined && !hasAdminPermission(session.user.role, { user: ["set-role"] }))
      throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
    const touchesBan = has(input, "banned") || has(input, "banReason") || has(input, "banExpires");
    if (touchesBan && !hasAdminPermission(session.user.role, { user: ["ban"] })) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
    if (input.banned === true && body.userId === session.user.id) throw APIError.from(400, "YOU_CANNOT_BAN_YOURSELF");
    const email = input.email === undefined ? undefined : parseEmailOrThrow(input.email);
    if (email !== undefined) {
      const owner = await findUserByEmail(ctx.db, email);
      if (owner && owner.id !== body.userId) throw APIError.from(400, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    }
    let target = await requireUser(ctx, body.userId);
    if (role !== undefined && role !== target.role) target = await changeUserRole(ctx, { adminId: session.user.id, target, role, audit });

    const update: UserUpdate = {
      ...(input.name !== undefined && { name: input.name }),
      ...(email !== undefined && { email }),
      ...(input.emailVerified !== undefined && { emailVerified: input.emailVerified ? 1 : 0 }),
      ...(input.image !== undefined && { image: input.image }),
      ...(input.banned !== undefined && { banned: input.banned ? 1 : 0 }),
      ...(input.banReason !== undefined && { banReason: input.banReason }),
      ...(input.banExpires !== undefined && { banExpires: input.banExpires === null ? null : new Date(input.banExpires).toISOString() }),
    };
    const fields = Object.keys(update);
    if (fields.length === 0) return toWireUser(target);
    const movesAddress = email !== undefined && email !== target.email;
    const now = ctx.clock.now();
    const admin = { adminId: session.user.id, now };
    try {
      const user = await audit.change(async (trx, log) => {
        // A ban may leave fewer admins who can act: the same locks as a demotion.
        if (input.banned === true) return banUnderAdminLocks(trx, admin, () => apply(trx, log));
        return apply(trx, log);
      });
      return toWireUser(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw APIError.from(400, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
      throw error;
    }

    async function apply(trx: DB, log: AuditedChange<UpdateEvent>): Promise<UserRow> {
      const updated = await updateUser(trx, target.id, { ...update, updatedAt: now.toISOString() });
      if (!updated) throw APIError.from(404, "USER_NOT_FOUND");
      const event = { userId: session.user.id, targetUserId: target.id };
      if (input.banned === true) {
        const sessions = await endSessionsForBan(ctx, trx, updated, now);
        await log.write({ ...event, type: "user-banned", detail: { reason: updated.banReason, banExpires: updated.banExpires, sessions } });
      } else if (input.banned === false) {
        await forgetSessionsEndedByBan(trx, target.id);
        await log.write({ ...event, type: "user-unbanned" });
      }
      if (movesAddress) {
        // As the person's own change-email: reset links mailed to the address the account leaves
        // stop working, and the sessions opened under it end (an admin acting on themselves keeps this one).
        await discardUserEmailTokens(trx, "reset-password", target.id);
        if (input.banned !== true) await deleteSessionsByUserId(trx, target.id, target.id === session.user.id ? session.session.id : undefined);
      }
      // A ban's reason and end go in its row; any other field (a reason changed alone too) in an update row.
      const inBanRow = input.banned === true ? ["banned", "banReason", "banExpires"] : ["banned"];
      const profile = fields.filter((field) => !inBanRow.includes(field));
      if (profile.length > 0) await log.write({ ...event, type: "user-updated-by-admin", detail: { fields: profile.join(",") } });
      return updated;
    }
  },
});
