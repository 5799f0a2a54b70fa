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

interface MessageParts {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: { label: string; url: string };
  footer: string;
}

function compose(parts: MessageParts): MailMessage {
  const text = [parts.greeting, "", ...parts.lines, "", `${parts.action.label}: ${parts.action.url}`, "", parts.footer, "", `— ${APP_NAME}`].join("\n");
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHTML(parts.greeting)}</p>
${parts.lines.map((line) => `<p>${escapeHTML(line)}</p>`).join("\n")}
<p><a href="${escapeHTML(parts.action.url)}" style="display:inline-block;padding:.6rem 1rem;background:#2456d6;color:#fff;border-radius:6px;text-decoration:none">${escapeHTML(parts.action.label)}</a></p>
<p style="font-size:.85rem;color:#52606d">If the button does not work, open this link: <a href="${escapeHTML(parts.action.url)}">${escapeHTML(parts.action.url)}</a></p>
<p style="font-size:.85rem;color:#52606d">${escapeHTML(parts.footer)}</p>
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
