import type { AuthContext } from "../context.js";
import { deliverMail } from "./deliver-mail.js";
import { buildAccountNoticeMessage, type AccountChange } from "./messages.js";

/** The reserved domain of placeholder addresses (providers that give none): never mailed. */
const PLACEHOLDER_DOMAIN = ".invalid";

/**
 * Tells the owner, at `to`, that their account changed. It goes out after the answer: its
 * latency and its failure never show to the requester, and a refused mail is only logged.
 */
export function sendAccountNotice(ctx: AuthContext, user: { id: string; name: string }, to: string, change: AccountChange): void {
  const notices = ctx.options.email.accountNotices;
  if (!notices.enabled || to.endsWith(PLACEHOLDER_DOMAIN)) return;
  const message = buildAccountNoticeMessage({ to, name: user.name, change, reviewURL: notices.reviewURL, passwordSignIn: notices.passwordSignIn });
  ctx.afterAnswer.run(() => deliverMail(ctx, message, { flow: `notice:${change.kind}`, userId: user.id }), {
    message: "account notice failed",
    level: "error",
    fields: { flow: change.kind },
  });
}
