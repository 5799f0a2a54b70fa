import type { MailWords } from "./mail-words.js";

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) return count(seconds / 3600, "hour", "hours");
  return count(Math.max(1, Math.round(seconds / 60)), "minute", "minutes");
}

/** English: the wording the mails had before they were translated (tests and outside checks read it). */
export const mailEn: MailWords = {
  lifetime,
  greeting: (name) => (name.trim() ? `Hello ${name.trim()},` : "Hello,"),
  buttonFallback: "If the button does not work, open this link:",
  support: (email) => `Questions? Write to ${email}.`,

  verification: {
    subject: (app) => `Verify your email address for ${app}`,
    heading: () => "Verify your email address",
    lines: (_app, l, to) => [`Please confirm that ${to} is your email address.`, `The link is valid for ${l}.`],
    button: "Verify email",
    footer: "If you did not ask for this, you can ignore this message.",
  },
  changeEmail: {
    subject: (app) => `Confirm your new email address for ${app}`,
    heading: () => "Confirm your new email address",
    lines: (_app, l, from, to) => [
      `Someone asked to change the email address of your account from ${from} to ${to}.`,
      `Confirm the change within ${l}; we will then send a verification link to the new address.`,
    ],
    button: "Confirm email change",
    footer: "If you did not ask for this, ignore this message and consider changing your password.",
  },
  passwordReset: {
    subject: (app) => `Reset your ${app} password`,
    heading: () => "Reset your password",
    lines: (_app, l) => ["Someone asked to reset the password of your account.", `The link is valid for ${l} and can be used once.`],
    button: "Reset password",
    footer: "If you did not ask for this, ignore this message: your password stays as it is.",
  },
  deleteAccount: {
    subject: (app) => `Confirm the deletion of your ${app} account`,
    heading: () => "Confirm the deletion of your account",
    lines: (_app, l) => [
      "Someone asked to delete your account. Following the link deletes the account and everything in it; this cannot be undone.",
      `The link is valid for ${l} and works only while you are signed in.`,
    ],
    button: "Delete my account",
    footer: "If you did not ask for this, ignore this message: your account stays as it is.",
  },
  invitationSignUp: {
    subject: (app, _to, organization) => `Create your ${app} account to join ${organization}`,
    heading: (_app, _to, organization) => `Join ${organization}`,
    lines: (_app, l, to, organization) => [
      `You asked for an account for ${to} to answer your invitation to ${organization}. Following the link creates it, signs you in and shows the invitation.`,
      `The link is valid for ${l} and can be used once.`,
    ],
    button: "Create my account",
    footer: "If you did not ask for this, ignore this message: no account is created.",
  },
  invitationHasAccount: {
    subject: (app) => `You already have a ${app} account`,
    heading: () => "You already have an account",
    lines: (_app, _l, to, organization) => [
      `You asked for an account for ${to} to join ${organization}, but this address already has one.`,
      "Open the invitation and sign in the way you usually do.",
    ],
    button: "Open the invitation",
    footer: "If you did not ask for this, ignore this message.",
  },
  invitation: {
    subject: (inviter, organization) => `${inviter} invited you to join ${organization}`,
    heading: (organization) => `Join ${organization}`,
    lines: (inviter, inviterEmail, organization, role, until) => [
      `${inviter} (${inviterEmail}) invited you to join ${organization} as ${role}.`,
      `The link works until ${until}.`,
    ],
    button: "Accept the invitation",
    footer: "If you did not expect this invitation, you can ignore this email.",
  },
  magicLink: {
    subject: (app) => `Your ${app} sign-in link`,
    heading: (app) => `Sign in to ${app}`,
    lines: (app, l, to) => [
      `Open the link below to sign in to ${app} as ${to}.`,
      `It is valid for ${l} and works once. If there is no account for this address yet, opening it creates one.`,
    ],
    button: "Sign in",
    footer: "If you did not ask to sign in, you can ignore this message: nobody can sign in without the link.",
  },
  emailCode: {
    subject: (app, type) =>
      type === "sign-in" ? `Your ${app} sign-in code` : type === "email-verification" ? `Your ${app} verification code` : `Your ${app} password reset code`,
    heading: (app, type) => (type === "sign-in" ? `Sign in to ${app}` : type === "email-verification" ? "Verify your email address" : "Choose a new password"),
    is: (app, type, code) =>
      type === "sign-in"
        ? `Your code to sign in to ${app} is ${code}.`
        : type === "email-verification"
          ? `Your code to verify your email address is ${code}.`
          : `Your code to choose a new password is ${code}.`,
    valid: (l) => `It is valid for ${l} and works once.`,
    footer: "If you did not ask for this code, you can ignore this message. Never share the code with anyone.",
  },
  twoFactorCode: {
    subject: (app) => `Your ${app} sign-in code`,
    heading: "Your sign-in code",
    is: (code) => `Your sign-in code is ${code}.`,
    valid: (l) => `It is valid for ${l} and works once, in the browser where you asked for it.`,
    footer: "If you did not just sign in, someone knows your password: change it now.",
  },
  notice: {
    passwordChanged: { subject: (app) => `Your ${app} password was changed`, line: "The password of your account was just changed." },
    passwordReset: {
      subject: (app) => `Your ${app} password was reset`,
      line: "The password of your account was just reset through a link mailed to this address.",
    },
    passwordSet: {
      subject: (app) => `A password was added to your ${app} account`,
      line: (passwordSignIn) =>
        passwordSignIn ? "A password was just set on your account; it can now be used to sign in." : "A password was just set on your account.",
    },
    emailChanged: {
      subject: (app) => `The email address of your ${app} account was changed`,
      line: (from, to) =>
        `The email address of your account was just changed from ${from} to ${to}. This address no longer signs in to it, and every other session of the account was signed out.`,
    },
    passkeyAdded: {
      subject: (app) => `A passkey was added to your ${app} account`,
      line: (name) => (name ? `A passkey named "${name}" was just added to your account.` : "A passkey was just added to your account."),
    },
    passkeyDeleted: {
      subject: (app) => `A passkey was removed from your ${app} account`,
      line: (name) => (name ? `The passkey named "${name}" was just removed from your account.` : "A passkey was just removed from your account."),
    },
    providerLinked: {
      subject: (app, provider) => `${provider} was linked to your ${app} account`,
      line: (provider) => `A ${provider} account was just linked to your account; it can now be used to sign in.`,
    },
    twoFactorEnabled: {
      subject: (app) => `Two-factor authentication was turned on for your ${app} account`,
      line: "Two-factor authentication was just turned on: signing in to your account now asks for a second step as well.",
    },
    twoFactorDisabled: {
      subject: (app) => `Two-factor authentication was turned off for your ${app} account`,
      line: "Two-factor authentication was just turned off: signing in to your account no longer asks for a second step.",
    },
    backupCodesRegenerated: {
      subject: (app) => `New backup codes were made for your ${app} account`,
      line: "New two-factor backup codes were just made for your account; the earlier ones no longer work.",
    },
    apiKeyCreated: {
      subject: (app, organization) => `An API key was created ${organization ? `for ${organization}` : `on your ${app} account`}`,
      line: (label, organization) =>
        `An API key ${label ? `${label} ` : ""}was just created ${organization ? `for the organization ${organization}` : "for your account"}; whoever holds it can act with its permissions until it is deleted, disabled or expires.`,
    },
    apiKeyLabel: (name, start) => [name ? `"${name}"` : null, start ? `(starting ${start})` : null].filter(Boolean).join(" ") || null,
    unprovenRemoved: {
      subject: (app) => `What was added to your ${app} account before you proved your address was removed`,
      line: (how) =>
        `This address was just proven for the first time on your account, by ${how}. Until then anyone could have registered it, so what had been added to the account before was removed:`,
      proofs: {
        passwordReset: "a password reset through a link mailed to it",
        magicLink: "a sign-in link mailed to it",
        emailOtp: "a sign-in code mailed to it",
        provider: (name) => `${name}, which vouches for it`,
      },
      removed: {
        passkeys: (n) => count(n, "passkey", "passkeys"),
        apiKeys: (n) => count(n, "API key", "API keys"),
        twoFactor: "two-factor authentication (its authenticator app and backup codes)",
        providers: (names) => `the linked ${names.join(", ")} account${names.length === 1 ? "" : "s"}`,
        password: (passwordSignIn) =>
          passwordSignIn ? 'the password set before (to use one, set a new one with "Forgot password")' : "the password set before",
        invitations: (n) => `${count(n, "pending invitation", "pending invitations")} sent from the account (cancelled)`,
        sessions: (n) => `every session: ${count(n, "browser was", "browsers were")} signed out`,
      },
      addAgain: (organizations) =>
        `If any of it was yours, add it again.${
          organizations.length
            ? ` The account stays a member of ${organizations.join(", ")}: check that you know ${organizations.length === 1 ? "it" : "them"}, and leave what you do not.`
            : ""
        }`,
    },
    wasYou: "If this was you, there is nothing to do.",
    notYou: {
      removal:
        "If you did not just do this, someone else can read this mailbox or use your provider account: secure those first, then review your account; if you cannot sign in any more, contact the administrator of this service.",
      emailChanged: (passwordSignIn) =>
        passwordSignIn
          ? "If it was not you, someone else controls your account: sign in with your password, passkey or linked account, change your password, sign out every session, and set your address back; if you cannot sign in any more, contact the administrator of this service."
          : "If it was not you, someone else controls your account: sign in with your passkey or linked account, sign out every session, and set your address back; if you cannot sign in any more, contact the administrator of this service.",
      twoFactorEnabled: (passwordSignIn) =>
        passwordSignIn
          ? "If it was not you, someone else has signed in to your account: sign in, turn two-factor authentication off, change your password and sign out every other session; if you cannot sign in any more, contact the administrator of this service."
          : "If it was not you, someone else has signed in to your account: sign in with your passkey or linked account, turn two-factor authentication off and sign out every other session; if you cannot sign in any more, contact the administrator of this service.",
      other: (passwordSignIn) =>
        passwordSignIn
          ? "If it was not you, sign in, change your password and sign out every other session; if you cannot sign in any more, request a password reset from the sign-in page."
          : "If it was not you, sign in with your passkey or linked account, sign out every other session and remove what you do not recognise; if you cannot sign in any more, contact the administrator of this service.",
    },
    button: "Review your account",
    footer: "This notice was sent because a security setting of your account changed. It contains no link that changes anything.",
  },
};
