import type { AuthContext } from "../context.js";
import type { ResponseDraft } from "../endpoint.js";
import type { UserRow } from "../store/database.js";
import { findTwoFactor } from "../store/two-factor-store.js";
import { beginPendingStep } from "./pending-step.js";
import { takeTrustedDevice } from "./trusted-device.js";

/** better-auth's answer to a password sign-in that needs the second step. */
export interface TwoFactorRedirect {
  twoFactorRedirect: true;
  twoFactorMethods: Array<"totp" | "otp">;
}

/**
 * Ways in that are the mailbox itself (a magic link, a mailed sign-in code, an email-verification
 * link's automatic sign-in): their second step takes no mailed code, which would prove the same
 * mailbox twice.
 */
const MAILBOX_WAYS: ReadonlySet<string> = new Set(["magic-link", "email-otp", "email-link"]);

export function isMailboxWayIn(signInMethod: string | null | undefined): boolean {
  return signInMethod != null && MAILBOX_WAYS.has(signInMethod);
}

/** Whether a sign-in of `user` may have to pass a second step: two-factor on, for the service and the person. */
export function mayNeedSecondStep(ctx: AuthContext, user: UserRow): boolean {
  return ctx.options.twoFactor.enabled && user.twoFactorEnabled === 1;
}

/**
 * Called once the first step is proven (sign-in/completion.ts): null when the sign-in may start a
 * session now (two-factor off for the person, or this browser trusted by them); otherwise the
 * pending step begins, with its cookie on the answer, and no session is made. `signInMethod`
 * names the way in for the sign-in row written when the step is passed.
 */
export async function secondStepFor(
  ctx: AuthContext,
  input: { user: UserRow; rememberMe: boolean; signInMethod: string; headers: Headers; response: ResponseDraft },
): Promise<TwoFactorRedirect | null> {
  if (!mayNeedSecondStep(ctx, input.user)) return null;
  if (await takeTrustedDevice(ctx, input.headers, input.response, input.user.id)) return null;
  await beginPendingStep(ctx, input.headers, input.response, { userId: input.user.id, rememberMe: input.rememberMe, signInMethod: input.signInMethod });
  const row = await findTwoFactor(ctx.db, input.user.id);
  const twoFactorMethods: TwoFactorRedirect["twoFactorMethods"] = [];
  if (row?.verified === 1) twoFactorMethods.push("totp");
  // After a completed reset the mailbox proves nothing the reset did not (finding 1 of issue 44).
  if (ctx.options.twoFactor.otpEnabled && row?.mailedCodesHeld !== 1 && !isMailboxWayIn(input.signInMethod)) twoFactorMethods.push("otp");
  return { twoFactorRedirect: true, twoFactorMethods };
}

/**
 * Where a sign-in that ends in a redirect sends the browser for its pending step: the second-step
 * page, keeping the destination as `?redirect=` (the web app's /login and /two-factor read it).
 */
export function secondStepLocation(ctx: AuthContext, destination: string): string {
  const page = ctx.options.twoFactor.pageURL;
  return `${page}${page.includes("?") ? "&" : "?"}${new URLSearchParams({ redirect: destination })}`;
}
