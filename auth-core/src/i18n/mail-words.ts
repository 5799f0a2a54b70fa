/**
 * The words of every mail, one typed catalogue per language (mail-en.ts … mail-ja.ts). A
 * catalogue is whole sentences with their values, written for its language (word order, plurals,
 * the formal address of de/fr/es, polite Japanese): never a sentence glued from pieces of another.
 * `app` is the team's name (brand.appName). A sentence that carries a code puts it between spaces,
 * so that a line break never falls inside it.
 */

export type EmailCodeType = "sign-in" | "email-verification" | "forget-password";

/** A mail with a button: subject, heading, body sentences, the button, the closing advice. */
export interface LinkMailWords<Args extends unknown[]> {
  subject(app: string, ...args: Args): string;
  heading(app: string, ...args: Args): string;
  lines(app: string, lifetime: string, ...args: Args): string[];
  button: string;
  footer: string;
}

export interface RemovalWords {
  passkeys(count: number): string;
  apiKeys(count: number): string;
  twoFactor: string;
  providers(names: string[]): string;
  password(passwordSignIn: boolean): string;
  invitations(count: number): string;
  sessions(count: number): string;
}

export interface MailWords {
  /** "1 hour", "30 minutes": how long a link or code stays valid. */
  lifetime(seconds: number): string;
  /** "Hello Ada," or, without a name, "Hello,". */
  greeting(name: string): string;
  buttonFallback: string;
  /** The line under every mail when the team gives a support address. */
  support(email: string): string;

  verification: LinkMailWords<[to: string]>;
  changeEmail: LinkMailWords<[from: string, to: string]>;
  passwordReset: LinkMailWords<[]>;
  deleteAccount: LinkMailWords<[]>;
  invitationSignUp: LinkMailWords<[to: string, organization: string]>;
  invitationHasAccount: LinkMailWords<[to: string, organization: string]>;
  /** An organization's invitation: `until` is a date and time in UTC, written out. */
  invitation: {
    subject(inviter: string, organization: string): string;
    heading(organization: string): string;
    lines(inviter: string, inviterEmail: string, organization: string, role: string, until: string): string[];
    button: string;
    footer: string;
  };
  magicLink: LinkMailWords<[to: string]>;
  emailCode: {
    subject(app: string, type: EmailCodeType): string;
    heading(app: string, type: EmailCodeType): string;
    /** The sentence with the code (between spaces). */
    is(app: string, type: EmailCodeType, code: string): string;
    valid(lifetime: string): string;
    footer: string;
  };
  twoFactorCode: {
    subject(app: string): string;
    heading: string;
    is(code: string): string;
    valid(lifetime: string): string;
    footer: string;
  };
  notice: {
    /** What changed: subject and first line; `app` is the team's name. */
    passwordChanged: { subject(app: string): string; line: string };
    passwordReset: { subject(app: string): string; line: string };
    passwordSet: { subject(app: string): string; line(passwordSignIn: boolean): string };
    emailChanged: { subject(app: string): string; line(from: string, to: string): string };
    passkeyAdded: { subject(app: string): string; line(name: string | null): string };
    passkeyDeleted: { subject(app: string): string; line(name: string | null): string };
    providerLinked: { subject(app: string, provider: string): string; line(provider: string): string };
    twoFactorEnabled: { subject(app: string): string; line: string };
    twoFactorDisabled: { subject(app: string): string; line: string };
    backupCodesRegenerated: { subject(app: string): string; line: string };
    apiKeyCreated: { subject(app: string, organization: string | null): string; line(label: string | null, organization: string | null): string };
    /** The key's label: its name and how it starts, either possibly missing. */
    apiKeyLabel(name: string | null, start: string | null): string | null;
    unprovenRemoved: {
      subject(app: string): string;
      /** `how`: the proof, from `proofs`. */
      line(how: string): string;
      proofs: { passwordReset: string; magicLink: string; emailOtp: string; provider(name: string): string };
      removed: RemovalWords;
      addAgain(organizations: string[]): string;
    };
    /** "If this was you, there is nothing to do." */
    wasYou: string;
    /** What to do when it was not the owner: only what the sign-in screen offers. */
    notYou: {
      removal: string;
      emailChanged(passwordSignIn: boolean): string;
      twoFactorEnabled(passwordSignIn: boolean): string;
      other(passwordSignIn: boolean): string;
    };
    button: string;
    footer: string;
  };
}
