import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { isPlaceholderEmail } from "./placeholder-email.js";
import type { MailMessage } from "./mailer.js";

export interface MailPurpose {
  /** Which flow sends it, for the log line: verification, password-reset, change-email, delete-account. */
  flow: string;
  userId: string | null;
}

/**
 * Sends one mail; false when the transport refused it. The failure is logged with the flow and
 * the error, never the message body (it carries a token).
 */
export async function deliverMail(ctx: AuthContext, message: MailMessage, purpose: MailPurpose): Promise<boolean> {
  // A placeholder address of a provider that gave none has no mailbox: nothing is sent, and the
  // flow answers as it would for a sent mail (it reveals nothing either way).
  if (isPlaceholderEmail(message.to)) {
    ctx.logger.info("mail to a placeholder address skipped", { flow: purpose.flow, userId: purpose.userId });
    return true;
  }
  try {
    await ctx.mailer.send(message);
    return true;
  } catch (error) {
    ctx.logger.error("mail not sent", {
      flow: purpose.flow,
      userId: purpose.userId,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/** The caller's answer when a mail could not be sent: 503, after the flow has undone its state. */
export function mailFailedError(): APIError {
  return APIError.from(503, "FAILED_TO_SEND_EMAIL");
}
