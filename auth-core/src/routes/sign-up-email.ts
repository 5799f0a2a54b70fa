import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";
import { assertNewPasswordAllowed } from "../crypto/password-policy.js";
import { generateId, randomBytes } from "../deps/random.js";
import { emailField, parseEmailOrThrow } from "../email/email-address.js";
import { toWireUser } from "../http/public-json.js";
import { completeSignUp } from "../sign-in/complete-sign-in.js";
import { insertCredentialAccount } from "../store/account-store.js";
import { isUniqueViolation } from "../store/unique-violation.js";
import { deleteUserById, findUserByEmail, insertUser } from "../store/user-store.js";
import { sendVerificationMail } from "../email/verification-mail.js";
import type { UserRow } from "../store/database.js";
import type { WireUser } from "../shared/wire-types.js";

const body = z.object({
  name: z.string().max(256),
  email: emailField,
  password: z.string(),
  image: z.string().max(2048).optional(),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

export const signUpEmail = defineEndpoint({
  name: "signUpEmail",
  method: "POST",
  path: "/sign-up/email",
  body,
  session: "none",
  feature: { name: "emailAndPassword", status: 400, code: "EMAIL_AND_PASSWORD_IS_NOT_ENABLED" },
  rateLimit: { window: 10, max: 3 },
  audit: ["sign-up", "anonymous-linked"],
  async handler({ ctx, body, headers, client, response, audit }): Promise<{ token: string | null; user: WireUser }> {
    const policy = ctx.options.emailAndPassword;
    if (policy.disableSignUp) throw APIError.from(400, "EMAIL_AND_PASSWORD_SIGN_UP_IS_NOT_ENABLED");
    const email = parseEmailOrThrow(body.email);
    assertNewPasswordAllowed(body.password, policy, { email: body.email, name: body.name });
    if (await findUserByEmail(ctx.db, email)) throw APIError.from(422, "USER_ALREADY_EXISTS");

    const passwordHash = await ctx.passwordHasher.hash(body.password, randomBytes(ctx.random, 16));
    const now = ctx.clock.now().toISOString();
    let user: UserRow;
    let eventId: string;
    try {
      ({ user, eventId } = await audit.change(async (trx, log) => {
        const created = await insertUser(trx, {
          id: generateId(ctx.random),
          name: body.name,
          email,
          emailVerified: 0,
          image: body.image ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await insertCredentialAccount(trx, { id: generateId(ctx.random), userId: created.id, passwordHash, now });
        const eventId = await log.write({ userId: created.id, type: "sign-up", method: "password" });
        return { user: created, eventId };
      }));
    } catch (error) {
      // Two sign-ups raced past the lookup: the unique email index lets exactly one through.
      if (isUniqueViolation(error)) throw APIError.from(422, "USER_ALREADY_EXISTS");
      throw error;
    }
    const verification = ctx.options.email.verification;
    if (verification.enabled && verification.sendOnSignUp) {
      try {
        await sendVerificationMail(ctx, { user, email: user.email, callbackURL: body.callbackURL, client, headers });
      } catch (error) {
        // No account without its verification mail: undo the sign-up, the caller may retry.
        await audit.revert(eventId, async (trx) => {
          await deleteUserById(trx, user.id);
        });
        throw error;
      }
    }

    if (!policy.autoSignIn || ctx.options.email.requireEmailVerification) {
      return { token: null, user: toWireUser(user) };
    }
    const signedIn = await completeSignUp({ ctx, response, headers, client, audit }, { user, rememberMe: body.rememberMe ?? true, method: "password" });
    if (signedIn.kind !== "session") throw new Error("a new account has no second step");
    return { token: signedIn.token, user: toWireUser(user) };
  },
});
