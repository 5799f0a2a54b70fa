import { compose, MAIL_APP_NAME } from "../email/messages.js";
import type { MailMessage } from "../email/mailer.js";
import type { Language } from "../i18n/catalogue.js";
import type { CodeType } from "./email-otp.js";

/*
 * The two passwordless mails, in the language of the request that asked for them (the person at
 * the sign-in screen: Accept-Language, then the locale cookie). Plain text plus simple HTML, as
 * every mail of email/messages.ts; the code is in the text once and never in the subject.
 */

interface MailWords {
  /** "5 minutes" in the language. */
  lifetime(seconds: number): string;
  greeting: string;
  buttonFallback: string;
  link: { subject: string; open(to: string): string; valid(lifetime: string): string; button: string; footer: string };
  code: { subject: Record<CodeType, string>; is(type: CodeType, code: string): string; valid(lifetime: string): string; footer: string };
}

function minutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

const APP = MAIL_APP_NAME;

const WORDS: Record<Language, MailWords> = {
  en: {
    lifetime: (s) => (minutes(s) === 1 ? "1 minute" : `${minutes(s)} minutes`),
    greeting: "Hello,",
    buttonFallback: "If the button does not work, open this link:",
    link: {
      subject: `Your ${APP} sign-in link`,
      open: (to) => `Open the link below to sign in to ${APP} as ${to}.`,
      valid: (l) => `It is valid for ${l} and works once. If there is no account for this address yet, opening it creates one.`,
      button: "Sign in",
      footer: "If you did not ask to sign in, you can ignore this message: nobody can sign in without the link.",
    },
    code: {
      subject: {
        "sign-in": `Your ${APP} sign-in code`,
        "email-verification": `Your ${APP} verification code`,
        "forget-password": `Your ${APP} password reset code`,
      },
      is: (type, code) =>
        type === "sign-in"
          ? `Your code to sign in to ${APP} is ${code}.`
          : type === "email-verification"
            ? `Your code to verify your email address is ${code}.`
            : `Your code to choose a new password is ${code}.`,
      valid: (l) => `It is valid for ${l} and works once.`,
      footer: "If you did not ask for this code, you can ignore this message. Never share the code with anyone.",
    },
  },
  de: {
    lifetime: (s) => (minutes(s) === 1 ? "1 Minute" : `${minutes(s)} Minuten`),
    greeting: "Hallo,",
    buttonFallback: "Falls die Schaltfläche nicht funktioniert, öffnen Sie diesen Link:",
    link: {
      subject: `Ihr Anmeldelink für ${APP}`,
      open: (to) => `Öffnen Sie den folgenden Link, um sich als ${to} bei ${APP} anzumelden.`,
      valid: (l) => `Er ist ${l} lang gültig und funktioniert nur einmal. Gibt es für diese Adresse noch kein Konto, wird es beim Öffnen angelegt.`,
      button: "Anmelden",
      footer: "Wenn Sie keine Anmeldung angefordert haben, können Sie diese Nachricht ignorieren: Ohne den Link kann sich niemand anmelden.",
    },
    code: {
      subject: {
        "sign-in": `Ihr Anmeldecode für ${APP}`,
        "email-verification": `Ihr Bestätigungscode für ${APP}`,
        "forget-password": `Ihr Code zum Zurücksetzen des Passworts für ${APP}`,
      },
      is: (type, code) =>
        type === "sign-in"
          ? `Ihr Code für die Anmeldung bei ${APP} lautet ${code}.`
          : type === "email-verification"
            ? `Ihr Code zur Bestätigung Ihrer E-Mail-Adresse lautet ${code}.`
            : `Ihr Code zum Festlegen eines neuen Passworts lautet ${code}.`,
      valid: (l) => `Er ist ${l} lang gültig und funktioniert nur einmal.`,
      footer: "Wenn Sie diesen Code nicht angefordert haben, können Sie diese Nachricht ignorieren. Geben Sie den Code niemals weiter.",
    },
  },
  fr: {
    lifetime: (s) => (minutes(s) === 1 ? "1 minute" : `${minutes(s)} minutes`),
    greeting: "Bonjour,",
    buttonFallback: "Si le bouton ne fonctionne pas, ouvrez ce lien :",
    link: {
      subject: `Votre lien de connexion à ${APP}`,
      open: (to) => `Ouvrez le lien ci-dessous pour vous connecter à ${APP} en tant que ${to}.`,
      valid: (l) =>
        `Il est valable ${l} et ne fonctionne qu'une fois. S'il n'existe pas encore de compte pour cette adresse, il sera créé à l'ouverture du lien.`,
      button: "Se connecter",
      footer: "Si vous n'avez pas demandé à vous connecter, ignorez ce message : personne ne peut se connecter sans ce lien.",
    },
    code: {
      subject: {
        "sign-in": `Votre code de connexion à ${APP}`,
        "email-verification": `Votre code de vérification ${APP}`,
        "forget-password": `Votre code de réinitialisation du mot de passe ${APP}`,
      },
      is: (type, code) =>
        type === "sign-in"
          ? `Votre code pour vous connecter à ${APP} est ${code}.`
          : type === "email-verification"
            ? `Votre code pour vérifier votre adresse e-mail est ${code}.`
            : `Votre code pour choisir un nouveau mot de passe est ${code}.`,
      valid: (l) => `Il est valable ${l} et ne fonctionne qu'une fois.`,
      footer: "Si vous n'avez pas demandé ce code, ignorez ce message. Ne communiquez jamais ce code à personne.",
    },
  },
  es: {
    lifetime: (s) => (minutes(s) === 1 ? "1 minuto" : `${minutes(s)} minutos`),
    greeting: "Hola:",
    buttonFallback: "Si el botón no funciona, abra este enlace:",
    link: {
      subject: `Su enlace para iniciar sesión en ${APP}`,
      open: (to) => `Abra el enlace de abajo para iniciar sesión en ${APP} como ${to}.`,
      valid: (l) => `Es válido durante ${l} y solo funciona una vez. Si aún no existe una cuenta con esta dirección, se creará al abrirlo.`,
      button: "Iniciar sesión",
      footer: "Si no pidió iniciar sesión, puede ignorar este mensaje: nadie puede iniciar sesión sin el enlace.",
    },
    code: {
      subject: {
        "sign-in": `Su código para iniciar sesión en ${APP}`,
        "email-verification": `Su código de verificación de ${APP}`,
        "forget-password": `Su código para restablecer la contraseña de ${APP}`,
      },
      is: (type, code) =>
        type === "sign-in"
          ? `Su código para iniciar sesión en ${APP} es ${code}.`
          : type === "email-verification"
            ? `Su código para verificar su correo electrónico es ${code}.`
            : `Su código para elegir una contraseña nueva es ${code}.`,
      valid: (l) => `Es válido durante ${l} y solo funciona una vez.`,
      footer: "Si no pidió este código, puede ignorar este mensaje. No comparta nunca el código con nadie.",
    },
  },
  ja: {
    lifetime: (s) => `${minutes(s)}分`,
    greeting: "こんにちは。",
    buttonFallback: "ボタンが使えない場合は、次のリンクを開いてください：",
    link: {
      subject: `${APP} のサインインリンク`,
      open: (to) => `下のリンクを開くと、${to} として ${APP} にサインインします。`,
      valid: (l) => `リンクの有効期間は${l}で、使えるのは 1 回だけです。このアドレスのアカウントがまだない場合は、開いたときに作成されます。`,
      button: "サインイン",
      footer: "サインインを依頼していない場合は、このメールを無視してください。リンクがなければ誰もサインインできません。",
    },
    code: {
      subject: { "sign-in": `${APP} のサインインコード`, "email-verification": `${APP} の確認コード`, "forget-password": `${APP} のパスワード再設定コード` },
      is: (type, code) =>
        type === "sign-in"
          ? `${APP} にサインインするためのコードは ${code} です。`
          : type === "email-verification"
            ? `メールアドレスを確認するためのコードは ${code} です。`
            : `新しいパスワードを設定するためのコードは ${code} です。`,
      valid: (l) => `有効期間は${l}で、使えるのは 1 回だけです。`,
      footer: "このコードを依頼していない場合は、このメールを無視してください。コードは誰にも教えないでください。",
    },
  },
};

/** A magic link: opening it signs in, once, within its lifetime. */
export function buildMagicLinkMessage(input: { to: string; url: string; expiresIn: number; language: Language }): MailMessage {
  const words = WORDS[input.language];
  return compose({
    to: input.to,
    subject: words.link.subject,
    greeting: words.greeting,
    lines: [words.link.open(input.to), words.link.valid(words.lifetime(input.expiresIn))],
    action: { label: words.link.button, url: input.url },
    footer: words.link.footer,
    language: { tag: input.language, buttonFallback: words.buttonFallback },
  });
}

/** A mailed code (email OTP): in the text once, never in the subject. */
export function buildEmailCodeMessage(input: { to: string; code: string; type: CodeType; expiresIn: number; language: Language }): MailMessage {
  const words = WORDS[input.language];
  return compose({
    to: input.to,
    subject: words.code.subject[input.type],
    greeting: words.greeting,
    lines: [words.code.is(input.type, input.code), words.code.valid(words.lifetime(input.expiresIn))],
    footer: words.code.footer,
    language: { tag: input.language, buttonFallback: words.buttonFallback },
  });
}
