import type { AuthContext } from "../context.js";
import { deliverMail } from "./deliver-mail.js";
import { mailSetting } from "./mail-setting.js";
import { buildAccountNoticeMessage, type AccountChange } from "./messages.js";

/** The reserved domain of placeholder addresses (providers that give none): never mailed. */
const PLACEHOLDER_DOMAIN = ".invalid";

/**
 * Tells the owner, at `to`, that their account changed, in the language of `headers` (the
 * request that made the change, when given; else the team's mail language). It goes out after the answer: its
 * latency and its failure never show to the requester, and a refused mail is only logged.
 */
export function sendAccountNotice(ctx: AuthContext, user: { id: string; name: string }, to: string, change: AccountChange, headers?: Headers | null): void {
  const notices = ctx.options.email.accountNotices;
  if (!notices.enabled || to.endsWith(PLACEHOLDER_DOMAIN)) return;
  const setting = mailSetting(ctx, headers);
  const input = { to, name: user.name, change, reviewURL: notices.reviewURL, passwordSignIn: notices.passwordSignIn };
  // Composed and rendered after the answer too: the requester never waits for the template.
  ctx.afterAnswer.run(async () => deliverMail(ctx, await buildAccountNoticeMessage(input, setting), { flow: `notice:${change.kind}`, userId: user.id }), {
    message: "account notice failed",
    level: "error",
    fields: { flow: change.kind },
  });
}
