import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { toWireUser } from "../../http/public-json.js";
import { completeSignIn } from "../../sign-in/complete-sign-in.js";
import type { WireUser } from "../../shared/wire-types.js";
import { insertUser } from "../../store/user-store.js";

/**
 * Spec §7 POST /sign-in/anonymous: a user with isAnonymous set and a placeholder email, signed
 * in at once. When the same browser later signs in for real, its data is handed over (sign-in/complete-sign-in.ts).
 */
export const signInAnonymous = defineEndpoint({
  name: "signInAnonymous",
  method: "POST",
  path: "/sign-in/anonymous",
  session: "optional",
  feature: "anonymous",
  rateLimit: { window: 10, max: 3 },
  audit: ["sign-in", "anonymous-linked"],
  async handler({ ctx, session, headers, client, response, audit }): Promise<{ token: string; user: WireUser }> {
    const options = ctx.options.social.anonymous;
    if (session?.user.isAnonymous === 1) throw APIError.from(400, "ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY");
    const id = generateId(ctx.random);
    const domain = options.emailDomainName ?? new URL(ctx.options.baseURL).hostname;
    const now = ctx.clock.now().toISOString();
    const user = await insertUser(ctx.db, {
      id,
      name: "Anonymous",
      email: `temp-${id}@${domain}`,
      emailVerified: 0,
      image: null,
      isAnonymous: 1,
      createdAt: now,
      updatedAt: now,
    });
    const signedIn = await completeSignIn({ ctx, response, headers, client, audit }, { user, rememberMe: true, way: { method: "anonymous" } });
    if (signedIn.kind !== "session") throw new Error("an anonymous user has no second step");
    return { token: signedIn.token, user: toWireUser(user) };
  },
});
