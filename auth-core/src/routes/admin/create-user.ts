import { z } from "zod";
import { parseRoleInput } from "../../admin/admin-actions.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { generateId, randomBytes } from "../../deps/random.js";
import { parseEmailOrThrow } from "../../email/email-address.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError, validationError } from "../../errors.js";
import { toWireUser } from "../../http/public-json.js";
import { hasAdminPermission } from "../../shared/admin-roles.js";
import type { WireUser } from "../../shared/wire-types.js";
import { insertCredentialAccount } from "../../store/account-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import { findUserByEmail, insertUser } from "../../store/user-store.js";
import { isAcceptableImageURL } from "../update-user.js";

const roleInput = z.union([z.string().max(64), z.array(z.string().max(64)).max(10)]);
/** The rule update-user and /update-user apply to an image. */
const imageInput = z.string().refine(isAcceptableImageURL, "Must be an https URL or a data:image URI").nullable().optional();

const body = z.object({
  email: z.string().max(320),
  password: z.string().max(4096).optional(),
  name: z.string().max(256),
  role: roleInput.optional(),
  /** Extra fields (better-auth): Gatehouse takes emailVerified and image; role as above. */
  data: z.record(z.string(), z.unknown()).optional(),
});

/** better-auth's admin create-user: role "user" unless given; a password gives a credential account. */
export const createUserEndpoint = defineEndpoint({
  name: "createUser",
  method: "POST",
  path: "/admin/create-user",
  body,
  session: "required",
  admin: { permissions: { user: ["create"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS" },
  // Tighter than the default: a password hash per call, and an account made.
  rateLimit: { window: 60, max: 10 },
  audit: ["user-created-by-admin"],
  async handler({ ctx, body, session, audit }): Promise<{ user: WireUser }> {
    const requested = body.role ?? body.data?.role;
    if (requested !== undefined && !hasAdminPermission(session.user.role, { user: ["set-role"] }))
      throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
    if (requested !== undefined && !roleInput.safeParse(requested).success) throw APIError.from(400, "INVALID_ROLE_TYPE");
    const role = requested === undefined ? "user" : parseRoleInput(requested as string | string[]);
    const email = parseEmailOrThrow(body.email);
    const image = imageInput.safeParse(body.data?.image);
    if (!image.success) throw validationError("body.data.image", image.error);
    if (body.password !== undefined) assertNewPasswordAllowed(body.password, ctx.options.emailAndPassword, { email, name: body.name });
    if (await findUserByEmail(ctx.db, email)) throw APIError.from(400, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    const passwordHash = body.password === undefined ? null : await ctx.passwordHasher.hash(body.password, randomBytes(ctx.random, 16));
    const now = ctx.clock.now().toISOString();
    try {
      const user = await audit.change(async (trx, log) => {
        const created = await insertUser(trx, {
          id: generateId(ctx.random),
          name: body.name,
          email,
          emailVerified: body.data?.emailVerified === true ? 1 : 0,
          image: image.data ?? null,
          role,
          createdAt: now,
          updatedAt: now,
        });
        if (passwordHash !== null) {
          await insertCredentialAccount(trx, { id: generateId(ctx.random), userId: created.id, passwordHash, now });
        }
        await log.write({ userId: session.user.id, targetUserId: created.id, type: "user-created-by-admin", detail: { email, role } });
        return created;
      });
      return { user: toWireUser(user) };
    } catch (error) {
      if (isUniqueViolation(error)) throw APIError.from(400, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
      throw error;
    }
  },
});
