import { mailEn } from "../i18n/mail-en.js";
import type { LinkMailWords, MailWords } from "../i18n/mail-words.js";
import { DEFAULT_SETTING, renderMail, wordsOf, type MailContent, type MailSetting } from "./mail-content.js";
import type { MailMessage } from "./mailer.js";

/**
 * The mails of the email flows, in the brand and language of `setting` (mail-content.ts):
 * each builder says what its mail says; renderMail writes the plain text and the HTML. Every link
 * is absolute (built from the base URL by the caller); React escapes every value in the HTML.
 */

/** "1 hour", "24 hours", "30 minutes": how long a link stays valid (in English). */
export const describeLifetime = mailEn.lifetime;

export interface LinkMailInput {
  to: string;
  name: string;
  url: string;
  /** Seconds the link stays valid. */
  expiresIn: number;
}

function brandName(setting: MailSetting | undefined): string {
  return (setting ?? DEFAULT_SETTING).brand.appName;
}

/** A mail with a button: its words from the catalogue, filled in with the link and `args`. */
export function buildLinkMail<Args extends unknown[]>(
  pick: (words: MailWords) => LinkMailWords<Args>,
  input: { to: string; name: string; url: string; expiresIn: number },
  args: Args,
  setting: MailSetting | undefined,
): Promise<MailMessage> {
  const words = wordsOf(setting);
  const mail = pick(words);
  const app = brandName(setting);
  const lines = mail.lines(app, words.lifetime(input.expiresIn), ...args);
  return renderMail(
    {
      to: input.to,
      subject: mail.subject(app, ...args),
      preheader: lines[0]!,
      heading: mail.heading(app, ...args),
      greeting: words.greeting(input.name),
      lines,
      action: { label: mail.button, url: input.url },
      footer: mail.footer,
    },
    setting,
  );
}

export function buildVerificationMessage(input: LinkMailInput, setting?: MailSetting): Promise<MailMessage> {
  return buildLinkMail((words) => words.verification, input, [input.to], setting);
}

/** The one-time link that creates an account for an invited address and signs it in. */
export function buildInvitationSignUpMessage(input: LinkMailInput & { organizationName: string }, setting?: MailSetting): Promise<MailMessage> {
  return buildLinkMail((words) => words.invitationSignUp, input, [input.to, input.organizationName], setting);
}

/** Asked for an account for an invited address that already has one. */
export function buildInvitationHasAccountMessage(input: { to: string; organizationName: string; url: string }, setting?: MailSetting): Promise<MailMessage> {
  return buildLinkMail((words) => words.invitationHasAccount, { ...input, name: "", expiresIn: 0 }, [input.to, input.organizationName], setting);
}

export function buildPasswordResetMessage(input: LinkMailInput, setting?: MailSetting): Promise<MailMessage> {
  return buildLinkMail((words) => words.passwordReset, input, [], setting);
}

export function buildChangeEmailConfirmationMessage(input: LinkMailInput & { newEmail: string }, setting?: MailSetting): Promise<MailMessage> {
  return buildLinkMail((words) => words.changeEmail, input, [input.to, input.newEmail], setting);
}

export function buildDeleteAccountMessage(input: LinkMailInput, setting?: MailSetting): Promise<MailMessage> {
  return buildLinkMail((words) => words.deleteAccount, input, [], setting);
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
  | { kind: "two-factor-enabled" }
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

interface DescribedChange {
  subject: string;
  line: string;
  /** In place of "If this was you, there is nothing to do.": a list, then lines. */
  list?: { items: string[]; after: string[] };
}

function describeChange(change: AccountChange, to: string, passwordSignIn: boolean, setting: MailSetting | undefined): DescribedChange {
  const notice = wordsOf(setting).notice;
  const app = brandName(setting);
  switch (change.kind) {
    case "password-changed":
      return { subject: notice.passwordChanged.subject(app), line: notice.passwordChanged.line };
    case "password-reset":
      return { subject: notice.passwordReset.subject(app), line: notice.passwordReset.line };
    case "password-set":
      return { subject: notice.passwordSet.subject(app), line: notice.passwordSet.line(passwordSignIn) };
    case "email-changed":
      return { subject: notice.emailChanged.subject(app), line: notice.emailChanged.line(to, change.newEmail) };
    case "passkey-added":
      return { subject: notice.passkeyAdded.subject(app), line: notice.passkeyAdded.line(change.passkeyName) };
    case "passkey-deleted":
      return { subject: notice.passkeyDeleted.subject(app), line: notice.passkeyDeleted.line(change.passkeyName) };
    case "api-key-created":
      return {
        subject: notice.apiKeyCreated.subject(app, change.organizationName),
        line: notice.apiKeyCreated.line(notice.apiKeyLabel(change.keyName, change.start), change.organizationName),
      };
    case "two-factor-enabled":
      return { subject: notice.twoFactorEnabled.subject(app), line: notice.twoFactorEnabled.line };
    case "two-factor-disabled":
      return { subject: notice.twoFactorDisabled.subject(app), line: notice.twoFactorDisabled.line };
    case "backup-codes-regenerated":
      return { subject: notice.backupCodesRegenerated.subject(app), line: notice.backupCodesRegenerated.line };
    case "unproven-additions-removed": {
      const words = notice.unprovenRemoved;
      const how =
        change.proof === "password-reset"
          ? words.proofs.passwordReset
          : change.proof === "magic-link"
            ? words.proofs.magicLink
            : change.proof === "email-otp"
              ? words.proofs.emailOtp
              : words.proofs.provider(providerDisplayName(change.proof));
      const { removed } = change;
      const items = [
        removed.passkeys > 0 ? words.removed.passkeys(removed.passkeys) : null,
        removed.apiKeys > 0 ? words.removed.apiKeys(removed.apiKeys) : null,
        removed.twoFactor ? words.removed.twoFactor : null,
        removed.providers.length > 0 ? words.removed.providers(removed.providers.map(providerDisplayName)) : null,
        removed.password ? words.removed.password(passwordSignIn) : null,
        removed.invitations > 0 ? words.removed.invitations(removed.invitations) : null,
        removed.sessions > 0 ? words.removed.sessions(removed.sessions) : null,
      ].filter((item): item is string => item !== null);
      return { subject: words.subject(app), line: words.line(how), list: { items, after: [words.addAgain(removed.organizations)] } };
    }
    case "provider-linked": {
      const provider = providerDisplayName(change.providerId);
      return { subject: notice.providerLinked.subject(app, provider), line: notice.providerLinked.line(provider) };
    }
  }
}

/** What the owner does when the change was not theirs: only what the sign-in screen offers. */
function notTheOwnerLine(kind: AccountChange["kind"], passwordSignIn: boolean, setting: MailSetting | undefined): string {
  const notYou = wordsOf(setting).notice.notYou;
  if (kind === "unproven-additions-removed") return notYou.removal;
  if (kind === "email-changed") return notYou.emailChanged(passwordSignIn);
  if (kind === "two-factor-enabled") return notYou.twoFactorEnabled(passwordSignIn);
  return notYou.other(passwordSignIn);
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
export function buildAccountNoticeMessage(input: AccountNoticeInput, setting?: MailSetting): Promise<MailMessage> {
  const passwordSignIn = input.passwordSignIn ?? true;
  const words = wordsOf(setting);
  const { subject, line, list } = describeChange(input.change, input.to, passwordSignIn, setting);
  const notYou = notTheOwnerLine(input.change.kind, passwordSignIn, setting);
  const content: MailContent = {
    to: input.to,
    subject,
    preheader: line,
    heading: subject,
    greeting: words.greeting(input.name),
    lines: list ? [line] : [line, words.notice.wasYou, notYou],
    ...(list ? { list: { items: list.items, after: [...list.after, notYou] } } : {}),
    action: { label: words.notice.button, url: input.reviewURL },
    footer: words.notice.footer,
  };
  return renderMail(content, setting);
}

/** The code of a second sign-in step, mailed on request (two-factor send-otp). */
export function buildTwoFactorCodeMessage(input: { to: string; name: string; code: string; expiresIn: number }, setting?: MailSetting): Promise<MailMessage> {
  const words = wordsOf(setting);
  const mail = words.twoFactorCode;
  const valid = mail.valid(words.lifetime(input.expiresIn));
  return renderMail(
    {
      to: input.to,
      // Never the code: a subject shows on lock screens and in notifications (finding 5e of issue 44).
      subject: mail.subject(brandName(setting)),
      preheader: valid,
      heading: mail.heading,
      greeting: words.greeting(input.name),
      lines: [mail.is(input.code), valid],
      code: input.code,
      footer: mail.footer,
    },
    setting,
  );
}
