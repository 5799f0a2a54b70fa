import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { redirectResponse } from "../../email/links.js";
import { toWireSession, toWireUser } from "../../http/public-json.js";
import { takeMagicLink } from "../../passwordless/magic-link.js";
import { signInThroughMailbox } from "../../passwordless/mailbox-sign-in.js";
import type { WireSession, WireUser } from "../../shared/wire-types.js";
import { secondStepLocation, type TwoFactorRedirect } from "../../two-factor/sign-in-step.js";

const query = z.object({
  token: z.string(),
  callbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
});

/** A target on our origin or a trusted one (the router checked it), absolute as better-auth answers it. */
function absolute(ctx: AuthContext, target: string): URL {
  return new URL(target, ctx.options.baseURL);
}

function errorRedirect(ctx: AuthContext, target: string, code: string): Response {
  const url = absolute(ctx, target);
  url.searchParams.set("error", code);
  return redirectResponse(url.toString());
}

/** A token longer than any we issue is no token: no hashing, no lookup. */
const MAX_TOKEN_LENGTH = 256;

/**
 * better-auth's GET /magic-link/verify, the mailed link. A live token (of the magic-link flow
 * only) signs its address in, whoever opens it, and is used up; an unknown address gets its
 * account. Unknown, used or expired: a redirect with error=INVALID_TOKEN and no session. A bad
 * callbackURL, newUserCallbackURL or errorCallbackURL never gets here: the router answers 403.
 */
export const magicLinkVerify = defineEndpoint({
  name: "magicLinkVerify",
  method: "GET",
  path: "/magic-link/verify",
  query,
  session: "none",
  feature: "magicLink",
  urlInputCodes: "plugin",
  rateLimit: { window: 60, max: 5 },
  audit: ["sign-in", "sign-up", "anonymous-linked", "email-verified", "unproven-additions-removed"],
  async handler({
    ctx,
    query,
    headers,
    client,
    response,
    audit,
  }): Promise<Response | TwoFactorRedirect | { token: string; user: WireUser; session: WireSession }> {
    const callbackURL = query.callbackURL || "/";
    const errorTarget = query.errorCallbackURL || callbackURL;
    const link = query.token.length <= MAX_TOKEN_LENGTH ? await takeMagicLink(ctx.db, query.token, ctx.clock.now()) : null;
    if (!link) return errorRedirect(ctx, errorTarget, "INVALID_TOKEN");
    let signedIn: Awaited<ReturnType<typeof signInThroughMailbox>>;
    try {
      signedIn = await signInThroughMailbox({ ctx, headers, client, response, audit }, { email: link.email, name: link.name, way: "magic-link" });
    } catch (error) {
      // A refusal (a ban) is told where the link was meant to lead, as better-auth tells its errors.
      if (error instanceof APIError && query.callbackURL) return errorRedirect(ctx, errorTarget, error.code);
      throw error;
    }
    const { outcome, isNewUser } = signedIn;
    const destination = isNewUser && query.newUserCallbackURL ? query.newUserCallbackURL : callbackURL;
    if (outcome.kind === "second-step") {
      return query.callbackURL ? redirectResponse(secondStepLocation(ctx, destination)) : outcome.answer;
    }
    if (!query.callbackURL) return { token: outcome.token, user: toWireUser(outcome.user), session: toWireSession(outcome.session, outcome.token) };
    return redirectResponse(absolute(ctx, destination).toString());
  },
});
