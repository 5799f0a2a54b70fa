import type { AuthContext } from "../context.js";
import { signEmailVerificationToken } from "../crypto/email-token.js";
import { randomAlphanumeric } from "../deps/random.js";
import type { ClientInfo } from "../endpoint.js";
import { deliverMail, mailFailedError } from "./deliver-mail.js";
import { discardEmailToken, storeEmailToken } from "./email-tokens.js";
import { authEndpointURL } from "./links.js";
import { mailSetting } from "./mail-setting.js";
import { buildChangeEmailConfirmationMessage, buildVerificationMessage } from "./messages.js";

export interface VerificationMailInput {
  user: { id: string; name: string };
  /** The address the token names (spec §3 payload `email`). */
  email: string;
  /** Set for a change-email confirmation: the mail goes to `email` and asks to move to `updateTo`. */
  updateTo?: string;
  /** Where /verify-email sends the browser afterwards (spec §2: default /). */
  callbackURL?: string;
  client: ClientInfo;
  /** The request that causes the mail, when it is the person's own: the mail takes its language. */
  headers?: Headers | null;
}

const JTI_LENGTH = 32;

/**
 * Mails a /verify-email link: an HS256 token (spec §9) plus the hash of its id stored as a
 * single-use record. A mail the transport refuses withdraws the record and throws 503.
 */
export async function sendVerificationMail(ctx: AuthContext, input: VerificationMailInput): Promise<void> {
  const { expiresIn } = ctx.options.email.verification;
  const jti = randomAlphanumeric(ctx.random, JTI_LENGTH);
  const token = await signEmailVerificationToken(ctx.secret, { email: input.email, updateTo: input.updateTo, jti }, { now: ctx.clock.now(), expiresIn });
  await storeEmailToken(ctx, { kind: "email-verification", token: jti, userId: input.user.id, expiresIn });
  const url = authEndpointURL(ctx, "/verify-email", { token, callbackURL: input.callbackURL || "/" });
  const setting = mailSetting(ctx, input.headers);
  const message = input.updateTo
    ? await buildChangeEmailConfirmationMessage({ to: input.email, name: input.user.name, newEmail: input.updateTo, url, expiresIn }, setting)
    : await buildVerificationMessage({ to: input.email, name: input.user.name, url, expiresIn }, setting);
  const flow = input.updateTo ? "change-email" : "verification";
  const sent = await deliverMail(ctx, message, { flow, userId: input.user.id });
  if (!sent) {
    await discardEmailToken(ctx, "email-verification", jti);
    throw mailFailedError();
  }
}
