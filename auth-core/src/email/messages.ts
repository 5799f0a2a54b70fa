import type { MailMessage } from "./mailer.js";

/**
 * The mails of the email flows: plain text plus simple HTML with the same words. Every link is
 * absolute (built from the base URL by the caller) and every interpolated value is escaped.
 */

const APP_NAME = "Gatehouse";

function escapeHTML(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "1 hour", "24 hours", "30 minutes": how long a link stays valid. */
export function describeLifetime(seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? "1 hour" : `${hours} hours`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export interface MessageParts {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  /** The button; a mail that only carries a code has none. */
  action?: { label: string; url: string };
  footer: string;
  /** The mail's language (`<html lang>`) and the HTML's line under the button in it; default English. */
  language?: { tag: string; buttonFallback: string };
}

/** The name mails sign with and speak of. */
export const MAIL_APP_NAME = APP_NAME;

export function compose(parts: MessageParts): MailMessage {
  const actionText = parts.action ? ["", `${parts.action.label}: ${parts.action.url}`] : [];
  const text = [parts.greeting, "", ...parts.lines, ...actionText, "", parts.footer, "", `— ${APP_NAME}`].join("\n");
  const actionHTML = parts.action
    ? `<p><a href="${escapeHTML(parts.action.url)}" style="display:inline-block;padding:.6rem 1rem;background:#2456d6;color:#fff;border-radius:6px;text-decoration:none">${escapeHTML(parts.action.label)}</a></p>
<p style="font-size:.85rem;color:#52606d">${escapeHTML(parts.language?.buttonFallback ?? "If the button does not work, open this link:")} <a href="${escapeHTML(parts.action.url)}">${escapeHTML(parts.action.url)}</a></p>
`
    : "";
  const html = `<!doctype html>
<html lang="${parts.language?.tag ?? "en"}"><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHTML(parts.greeting)}</p>
${parts.lines.map((line) => `<p>${escapeHTML(line)}</p>`).join("\n")}
${actionHTML}<p style="font-size:.85rem;color:#52606d">${escapeHTML(parts.footer)}</p>
<p>— ${APP_NAME}</p>
</body></html>`;
  return { to: parts.to, subject: parts.subject, text, html };
}

function greet(name: string): string {
  return name.trim() ? `Hello ${name.trim()},` : "Hello,";
}

export interface LinkMailInput {
  to: string;
  name: string;
  url: string;
  /** Seconds the link stays valid. */
  expiresIn: number;
}

export function buildVerificationMessage(input: LinkMailInput): MailMessage {
  return compose({
    to: input.to,
    subject: `Verify your email address for ${APP_NAME}`,
    greeting: greet(input.name),
    lines: [`Please confirm that ${input.to} is your email address.`, `The link is valid for ${describeLifetime(input.expiresIn)}.`],
    action: { label: "Verify email", url: input.url },
    footer: "If you did not ask for this, you can ignore this message.",
  });
}

/** The one-time link that creates an account for an invited address and signs it in. */
export function buildInvitationSignUpMessage(input: LinkMailInput & { organizationName: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Create your ${APP_NAME} account to join ${input.organizationName}`,
    greeting: greet(input.name),
    lines: [
      `You asked for an account for ${input.to} to answer your invitation to ${input.organizationName}. Following the link creates it, signs you in and shows the invitation.`,
      `The link is valid for ${describeLifetime(input.expiresIn)} and can be used once.`,
    ],
    action: { label: "Create my account", url: input.url },
    footer: "If you did not ask for this, ignore this message: no account is created.",
  });
}

/** Asked for an account for an invited address that already has one. */
export function buildInvitationHasAccountMessage(input: { to: string; organizationName: string; url: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `You already have a ${APP_NAME} account`,
    greeting: greet(""),
    lines: [
      `You asked for an account for ${input.to} to join ${input.organizationName}, but this address already has one.`,
      "Open the invitation and sign in the way you usually do.",
    ],
    action: { label: "Open the invitation", url: input.url },
    footer: "If you did not ask for this, ignore this message.",
  });
}

export function buildPasswordResetMessage(input: LinkMailInput): MailMessage {
  return compose({
    to: input.to,
    subject: `Reset your ${APP_NAME} password`,
    greeting: greet(input.name),
    lines: ["Someone asked to reset the password of your account.", `The link is valid for ${describeLifetime(input.expiresIn)} and can be used once.`],
    action: { label: "Reset password", url: input.url },
    footer: "If you did not ask for this, ignore this message: your password stays as it is.",
  });
}

export function buildChangeEmailConfirmationMessage(input: LinkMailInput & { newEmail: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Confirm your new email address for ${APP_NAME}`,
    greeting: greet(input.name),
    lines: [
      `Someone asked to change the email address of your account from ${input.to} to ${input.newEmail}.`,
      `Confirm the change within ${describeLifetime(input.expiresIn)}; we will then send a verification link to the new address.`,
    ],
    action: { label: "Confirm email change", url: input.url },
    footer: "If you did not ask for this, ignore this message and consider changing your password.",
  });
}

export function buildDeleteAccountMessage(input: LinkMailInput): MailMessage {
  return compose({
    to: input.to,
    subject: `Confirm the deletion of your ${APP_NAME} account`,
    greeting: greet(input.name),
    lines: [
      "Someone asked to delete your account. Following the link deletes the account and everything in it; this cannot be undone.",
      `The link is valid for ${describeLifetime(input.expiresIn)} and works only while you are signed in.`,
    ],
    action: { label: "Delete my account", url: input.url },
    footer: "If you did not ask for this, ignore this message: your account stays as it is.",
  });
}

/** What changed on the account, for a notice mailed to its owner (not in the spec: the owner learns of a change a stolen session made). */
export type AccountChange =
  | { kind: "password-changed" }
  | { kind: "password-reset" }
  | { kind: "password-set" }
  | { kind: "email-changed"; newEmail: string }
  | { kind: "passkey-added"; passkeyName: string | null }
  | { kind: "passkey-deleted"; passkeyName: string | null }
  | { kind: "provider-linked"; providerId: string }
  | { kind: "two-factor-disabled" }
  | { kind: "backup-codes-regenerated" }
  | { kind: "api-key-created"; keyName: string | null; start: string | null; organizationName: string | null }
  | { kind: "unproven-additions-removed"; proof: string; removed: RemovedAdditions };

/**
 * What the first proof of the address removed from the account (sign-in/first-proof.ts): what
 * was added before it, by whoever registered the address first. `organizations` stay; they are named
 * for the owner to review.
 */
export interface RemovedAdditions {
  passkeys: number;
  apiKeys: number;
  twoFactor: boolean;
  /** Provider ids of the linked accounts that went. */
  providers: string[];
  /** The password set before a provider proved the address. */
  password: boolean;
  sessions: number;
  invitations: number;
  organizations: string[];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The removals, one line each, for the notice. */
function removalLines(removed: RemovedAdditions, passwordSignIn: boolean): string[] {
  const lines: string[] = [];
  if (removed.passkeys > 0) lines.push(`- ${plural(removed.passkeys, "passkey", "passkeys")}`);
  if (removed.apiKeys > 0) lines.push(`- ${plural(removed.apiKeys, "API key", "API keys")}`);
  if (removed.twoFactor) lines.push("- two-factor authentication (its authenticator app and backup codes)");
  if (removed.providers.length > 0)
    lines.push(`- the linked ${removed.providers.map(providerDisplayName).join(", ")} account${removed.providers.length === 1 ? "" : "s"}`);
  if (removed.password)
    lines.push(passwordSignIn ? '- the password set before (to use one, set a new one with "Forgot password")' : "- the password set before");
  if (removed.invitations > 0) lines.push(`- ${plural(removed.invitations, "pending invitation", "pending invitations")} sent from the account (cancelled)`);
  if (removed.sessions > 0) lines.push(`- every session: ${plural(removed.sessions, "browser was", "browsers were")} signed out`);
  return lines;
}

/** Display names of the spec §9 provider ids whose spelling is not the id capitalised. */
const PROVIDER_NAMES: Record<string, string> = {
  github: "GitHub",
  gitlab: "GitLab",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  paypal: "PayPal",
  huggingface: "Hugging Face",
  vk: "VK",
  twitter: "X",
  cognito: "Amazon Cognito",
  line: "LINE",
};

function providerDisplayName(id: string): string {
  return PROVIDER_NAMES[id] ?? `${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/** `details`: lines after the first, in place of "If this was you, there is nothing to do." */
function describeChange(change: AccountChange, to: string, passwordSignIn: boolean): { subject: string; line: string; details?: string[] } {
  switch (change.kind) {
    case "password-changed":
      return { subject: `Your ${APP_NAME} password was changed`, line: "The password of your account was just changed." };
    case "password-reset":
      return { subject: `Your ${APP_NAME} password was reset`, line: "The password of your account was just reset through a link mailed to this address." };
    case "password-set":
      return {
        subject: `A password was added to your ${APP_NAME} account`,
        line: passwordSignIn ? "A password was just set on your account; it can now be used to sign in." : "A password was just set on your account.",
      };
    case "email-changed":
      return {
        subject: `The email address of your ${APP_NAME} account was changed`,
        line: `The email address of your account was just changed from ${to} to ${change.newEmail}. This address no longer signs in to it, and every other session of the account was signed out.`,
      };
    case "passkey-added":
      return {
        subject: `A passkey was added to your ${APP_NAME} account`,
        line: change.passkeyName ? `A passkey named "${change.passkeyName}" was just added to your account.` : "A passkey was just added to your account.",
      };
    case "api-key-created": {
      const label = [change.keyName ? `"${change.keyName}"` : null, change.start ? `(starting ${change.start})` : null].filter(Boolean).join(" ");
      const whose = change.organizationName ? `for the organization ${change.organizationName}` : "for your account";
      return {
        subject: `An API key was created ${change.organizationName ? `for ${change.organizationName}` : `on your ${APP_NAME} account`}`,
        line: `An API key ${label ? `${label} ` : ""}was just created ${whose}; whoever holds it can act with its permissions until it is deleted, disabled or expires.`,
      };
    }
    case "passkey-deleted":
      return {
        subject: `A passkey was removed from your ${APP_NAME} account`,
        line: change.passkeyName
          ? `The passkey named "${change.passkeyName}" was just removed from your account.`
          : "A passkey was just removed from your account.",
      };
    case "two-factor-disabled":
      return {
        subject: `Two-factor authentication was turned off for your ${APP_NAME} account`,
        line: "Two-factor authentication was just turned off: your password alone now signs in to your account.",
      };
    case "backup-codes-regenerated":
      return {
        subject: `New backup codes were made for your ${APP_NAME} account`,
        line: "New two-factor backup codes were just made for your account; the earlier ones no longer work.",
      };
    case "unproven-additions-removed": {
      const how =
        change.proof === "password-reset"
          ? "a password reset through a link mailed to it"
          : change.proof === "magic-link"
            ? "a sign-in link mailed to it"
            : change.proof === "email-otp"
              ? "a sign-in code mailed to it"
              : `${providerDisplayName(change.proof)}, which vouches for it`;
      const organizations = change.removed.organizations.length
        ? ` The account stays a member of ${change.removed.organizations.join(", ")}: check that you know ${change.removed.organizations.length === 1 ? "it" : "them"}, and leave what you do not.`
        : "";
      return {
        subject: `What was added to your ${APP_NAME} account before you proved your address was removed`,
        line: `This address was just proven for the first time on your account, by ${how}. Until then anyone could have registered it, so what had been added to the account before was removed:`,
        details: [...removalLines(change.removed, passwordSignIn), `If any of it was yours, add it again.${organizations}`],
      };
    }
    case "provider-linked": {
      const provider = providerDisplayName(change.providerId);
      return {
        subject: `${provider} was linked to your ${APP_NAME} account`,
        line: `A ${provider} account was just linked to your account; it can now be used to sign in.`,
      };
    }
  }
}

/** What the owner does when the change was not theirs: only what the sign-in screen offers. */
function notTheOwnerLine(kind: AccountChange["kind"], passwordSignIn: boolean): string {
  if (kind === "unproven-additions-removed")
    return "If you did not just do this, someone else can read this mailbox or use your provider account: secure those first, then review your account; if you cannot sign in any more, contact the administrator of this service.";
  if (kind === "email-changed")
    return passwordSignIn
      ? "If it was not you, someone else controls your account: sign in with your password, passkey or linked account, change your password, sign out every session, and set your address back; if you cannot sign in any more, contact the administrator of this service."
      : "If it was not you, someone else controls your account: sign in with your passkey or linked account, sign out every session, and set your address back; if you cannot sign in any more, contact the administrator of this service.";
  return passwordSignIn
    ? "If it was not you, sign in, change your password and sign out every other session; if you cannot sign in any more, request a password reset from the sign-in page."
    : "If it was not you, sign in with your passkey or linked account, sign out every other session and remove what you do not recognise; if you cannot sign in any more, contact the administrator of this service.";
}

export interface AccountNoticeInput {
  to: string;
  name: string;
  change: AccountChange;
  /** Where the owner reviews the account: the app's settings page. */
  reviewURL: string;
  /**
   * Whether the app's sign-in screen offers email and password (and so "forgot password"). Off:
   * the notice never sends the owner to a password form the screen does not have. Default true.
   */
  passwordSignIn?: boolean;
}

/**
 * A notice after a change; it holds no token, only what changed and where to review it. For an
 * address change it goes to the old address, whose owner may be the one it was taken from.
 */
export function buildAccountNoticeMessage(input: AccountNoticeInput): MailMessage {
  const passwordSignIn = input.passwordSignIn ?? true;
  const { subject, line, details } = describeChange(input.change, input.to, passwordSignIn);
  return compose({
    to: input.to,
    subject,
    greeting: greet(input.name),
    lines: [line, ...(details ?? ["If this was you, there is nothing to do."]), notTheOwnerLine(input.change.kind, passwordSignIn)],
    action: { label: "Review your account", url: input.reviewURL },
    footer: "This notice was sent because a security setting of your account changed. It contains no link that changes anything.",
  });
}

/** The code of a second sign-in step, mailed on request (two-factor send-otp). */
export function buildTwoFactorCodeMessage(input: { to: string; name: string; code: string; expiresIn: number }): MailMessage {
  return compose({
    to: input.to,
    // Never the code: a subject shows on lock screens and in notifications (finding 5e of issue 44).
    subject: `Your ${APP_NAME} sign-in code`,
    greeting: greet(input.name),
    lines: [
      `Your sign-in code is ${input.code}.`,
      `It is valid for ${describeLifetime(input.expiresIn)} and works once, in the browser where you asked for it.`,
    ],
    footer: "If you did not just sign in, someone knows your password: change it now.",
  });
}
