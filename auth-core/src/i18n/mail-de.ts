import type { MailWords } from "./mail-words.js";

function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? "1 Stunde" : `${hours} Stunden`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 Minute" : `${minutes} Minuten`;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** German, addressing the person formally ("Sie"), as the error messages do. */
export const mailDe: MailWords = {
  lifetime,
  greeting: (name) => (name.trim() ? `Hallo ${name.trim()},` : "Hallo,"),
  buttonFallback: "Falls die Schaltfläche nicht funktioniert, öffnen Sie diesen Link:",
  support: (email) => `Fragen? Schreiben Sie an ${email}.`,

  verification: {
    subject: (app) => `Bestätigen Sie Ihre E-Mail-Adresse für ${app}`,
    heading: () => "Bestätigen Sie Ihre E-Mail-Adresse",
    lines: (_app, l, to) => [`Bitte bestätigen Sie, dass ${to} Ihre E-Mail-Adresse ist.`, `Der Link ist ${l} lang gültig.`],
    button: "E-Mail-Adresse bestätigen",
    footer: "Wenn Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren.",
  },
  changeEmail: {
    subject: (app) => `Bestätigen Sie Ihre neue E-Mail-Adresse für ${app}`,
    heading: () => "Bestätigen Sie Ihre neue E-Mail-Adresse",
    lines: (_app, l, from, to) => [
      `Jemand hat beantragt, die E-Mail-Adresse Ihres Kontos von ${from} in ${to} zu ändern.`,
      `Bestätigen Sie die Änderung innerhalb von ${l}; danach senden wir einen Bestätigungslink an die neue Adresse.`,
    ],
    button: "Änderung bestätigen",
    footer: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht und ändern Sie am besten Ihr Passwort.",
  },
  passwordReset: {
    subject: (app) => `Setzen Sie Ihr Passwort für ${app} zurück`,
    heading: () => "Passwort zurücksetzen",
    lines: (_app, l) => [
      "Jemand hat beantragt, das Passwort Ihres Kontos zurückzusetzen.",
      `Der Link ist ${l} lang gültig und kann nur einmal verwendet werden.`,
    ],
    button: "Passwort zurücksetzen",
    footer: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.",
  },
  deleteAccount: {
    subject: (app) => `Bestätigen Sie die Löschung Ihres Kontos bei ${app}`,
    heading: () => "Löschung Ihres Kontos bestätigen",
    lines: (_app, l) => [
      "Jemand hat beantragt, Ihr Konto zu löschen. Über den Link werden das Konto und alle seine Daten gelöscht; das lässt sich nicht rückgängig machen.",
      `Der Link ist ${l} lang gültig und funktioniert nur, solange Sie angemeldet sind.`,
    ],
    button: "Mein Konto löschen",
    footer: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Konto bleibt unverändert.",
  },
  invitationSignUp: {
    subject: (app, _to, organization) => `Legen Sie Ihr Konto bei ${app} an, um ${organization} beizutreten`,
    heading: (_app, _to, organization) => `${organization} beitreten`,
    lines: (_app, l, to, organization) => [
      `Sie haben für ${to} ein Konto angefordert, um Ihre Einladung zu ${organization} anzunehmen. Über den Link wird es angelegt, Sie werden angemeldet und sehen die Einladung.`,
      `Der Link ist ${l} lang gültig und kann nur einmal verwendet werden.`,
    ],
    button: "Mein Konto anlegen",
    footer: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Es wird kein Konto angelegt.",
  },
  invitationHasAccount: {
    subject: (app) => `Sie haben bereits ein Konto bei ${app}`,
    heading: () => "Sie haben bereits ein Konto",
    lines: (_app, _l, to, organization) => [
      `Sie haben für ${to} ein Konto angefordert, um ${organization} beizutreten, aber für diese Adresse gibt es bereits eines.`,
      "Öffnen Sie die Einladung und melden Sie sich an wie gewohnt.",
    ],
    button: "Einladung öffnen",
    footer: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.",
  },
  invitation: {
    subject: (inviter, organization) => `${inviter} hat Sie zu ${organization} eingeladen`,
    heading: (organization) => `${organization} beitreten`,
    lines: (inviter, inviterEmail, organization, role, until) => [
      `${inviter} (${inviterEmail}) hat Sie eingeladen, ${organization} mit der Rolle ${role} beizutreten.`,
      `Der Link funktioniert bis ${until}.`,
    ],
    button: "Einladung annehmen",
    footer: "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
  },
  magicLink: {
    subject: (app) => `Ihr Anmeldelink für ${app}`,
    heading: (app) => `Bei ${app} anmelden`,
    lines: (app, l, to) => [
      `Öffnen Sie den folgenden Link, um sich als ${to} bei ${app} anzumelden.`,
      `Er ist ${l} lang gültig und funktioniert nur einmal. Gibt es für diese Adresse noch kein Konto, wird es beim Öffnen angelegt.`,
    ],
    button: "Anmelden",
    footer: "Wenn Sie keine Anmeldung angefordert haben, können Sie diese Nachricht ignorieren: Ohne den Link kann sich niemand anmelden.",
  },
  emailCode: {
    subject: (app, type) =>
      type === "sign-in"
        ? `Ihr Anmeldecode für ${app}`
        : type === "email-verification"
          ? `Ihr Bestätigungscode für ${app}`
          : `Ihr Code zum Zurücksetzen des Passworts für ${app}`,
    heading: (app, type) =>
      type === "sign-in" ? `Bei ${app} anmelden` : type === "email-verification" ? "Bestätigen Sie Ihre E-Mail-Adresse" : "Neues Passwort festlegen",
    is: (app, type, code) =>
      type === "sign-in"
        ? `Ihr Code für die Anmeldung bei ${app} lautet ${code}.`
        : type === "email-verification"
          ? `Ihr Code zur Bestätigung Ihrer E-Mail-Adresse lautet ${code}.`
          : `Ihr Code zum Festlegen eines neuen Passworts lautet ${code}.`,
    valid: (l) => `Er ist ${l} lang gültig und funktioniert nur einmal.`,
    footer: "Wenn Sie diesen Code nicht angefordert haben, können Sie diese Nachricht ignorieren. Geben Sie den Code niemals weiter.",
  },
  twoFactorCode: {
    subject: (app) => `Ihr Anmeldecode für ${app}`,
    heading: "Ihr Anmeldecode",
    is: (code) => `Ihr Anmeldecode lautet ${code}.`,
    valid: (l) => `Er ist ${l} lang gültig und funktioniert nur einmal, in dem Browser, in dem Sie ihn angefordert haben.`,
    footer: "Wenn Sie sich gerade nicht angemeldet haben, kennt jemand Ihr Passwort: Ändern Sie es sofort.",
  },
  notice: {
    passwordChanged: { subject: (app) => `Ihr Passwort für ${app} wurde geändert`, line: "Das Passwort Ihres Kontos wurde soeben geändert." },
    passwordReset: {
      subject: (app) => `Ihr Passwort für ${app} wurde zurückgesetzt`,
      line: "Das Passwort Ihres Kontos wurde soeben über einen Link zurückgesetzt, der an diese Adresse gesendet wurde.",
    },
    passwordSet: {
      subject: (app) => `Ihrem Konto bei ${app} wurde ein Passwort hinzugefügt`,
      line: (passwordSignIn) =>
        passwordSignIn
          ? "Für Ihr Konto wurde soeben ein Passwort festgelegt; Sie können sich jetzt damit anmelden."
          : "Für Ihr Konto wurde soeben ein Passwort festgelegt.",
    },
    emailChanged: {
      subject: (app) => `Die E-Mail-Adresse Ihres Kontos bei ${app} wurde geändert`,
      line: (from, to) =>
        `Die E-Mail-Adresse Ihres Kontos wurde soeben von ${from} in ${to} geändert. Mit dieser Adresse können Sie sich nicht mehr anmelden, und alle anderen Sitzungen des Kontos wurden abgemeldet.`,
    },
    passkeyAdded: {
      subject: (app) => `Ihrem Konto bei ${app} wurde ein Passkey hinzugefügt`,
      line: (name) => (name ? `Ihrem Konto wurde soeben der Passkey „${name}“ hinzugefügt.` : "Ihrem Konto wurde soeben ein Passkey hinzugefügt."),
    },
    passkeyDeleted: {
      subject: (app) => `Aus Ihrem Konto bei ${app} wurde ein Passkey entfernt`,
      line: (name) => (name ? `Der Passkey „${name}“ wurde soeben aus Ihrem Konto entfernt.` : "Soeben wurde ein Passkey aus Ihrem Konto entfernt."),
    },
    providerLinked: {
      subject: (app, provider) => `${provider} wurde mit Ihrem Konto bei ${app} verknüpft`,
      line: (provider) => `Ein ${provider}-Konto wurde soeben mit Ihrem Konto verknüpft; Sie können sich jetzt damit anmelden.`,
    },
    twoFactorEnabled: {
      subject: (app) => `Die Zwei-Faktor-Authentifizierung für Ihr Konto bei ${app} wurde eingeschaltet`,
      line: "Die Zwei-Faktor-Authentifizierung wurde soeben eingeschaltet: Bei der Anmeldung wird jetzt zusätzlich ein zweiter Schritt verlangt.",
    },
    twoFactorDisabled: {
      subject: (app) => `Die Zwei-Faktor-Authentifizierung für Ihr Konto bei ${app} wurde ausgeschaltet`,
      line: "Die Zwei-Faktor-Authentifizierung wurde soeben ausgeschaltet: Bei der Anmeldung wird kein zweiter Schritt mehr verlangt.",
    },
    backupCodesRegenerated: {
      subject: (app) => `Für Ihr Konto bei ${app} wurden neue Backup-Codes erstellt`,
      line: "Für Ihr Konto wurden soeben neue Backup-Codes für die Zwei-Faktor-Authentifizierung erstellt; die bisherigen gelten nicht mehr.",
    },
    apiKeyCreated: {
      subject: (app, organization) =>
        organization ? `Für ${organization} wurde ein API-Schlüssel erstellt` : `In Ihrem Konto bei ${app} wurde ein API-Schlüssel erstellt`,
      line: (label, organization) =>
        `${organization ? `Für die Organisation ${organization}` : "Für Ihr Konto"} wurde soeben ein API-Schlüssel${label ? ` ${label}` : ""} erstellt; wer ihn besitzt, kann mit seinen Berechtigungen handeln, bis er gelöscht, deaktiviert wird oder abläuft.`,
    },
    apiKeyLabel: (name, start) => [name ? `„${name}“` : null, start ? `(beginnt mit ${start})` : null].filter(Boolean).join(" ") || null,
    unprovenRemoved: {
      subject: (app) => `Was Ihrem Konto bei ${app} vor dem Nachweis Ihrer Adresse hinzugefügt wurde, wurde entfernt`,
      line: (how) =>
        `Diese Adresse wurde für Ihr Konto soeben zum ersten Mal nachgewiesen, und zwar durch ${how}. Bis dahin hätte jeder sie registrieren können; deshalb wurde entfernt, was dem Konto vorher hinzugefügt worden war:`,
      proofs: {
        passwordReset: "das Zurücksetzen des Passworts über einen an sie gesendeten Link",
        magicLink: "einen an sie gesendeten Anmeldelink",
        emailOtp: "einen an sie gesendeten Anmeldecode",
        provider: (name) => `${name}, das sie bestätigt`,
      },
      removed: {
        passkeys: (n) => count(n, "Passkey", "Passkeys"),
        apiKeys: (n) => count(n, "API-Schlüssel", "API-Schlüssel"),
        twoFactor: "die Zwei-Faktor-Authentifizierung (ihre Authenticator-App und ihre Backup-Codes)",
        providers: (names) => `${names.length === 1 ? "das verknüpfte Konto" : "die verknüpften Konten"} bei ${names.join(", ")}`,
        password: (passwordSignIn) =>
          passwordSignIn
            ? "das zuvor festgelegte Passwort (um wieder eines zu verwenden, legen Sie über „Passwort vergessen“ ein neues fest)"
            : "das zuvor festgelegte Passwort",
        invitations: (n) => `${count(n, "offene Einladung", "offene Einladungen")}, aus dem Konto verschickt (zurückgezogen)`,
        sessions: (n) => `alle Sitzungen: ${n === 1 ? "1 Browser wurde" : `${n} Browser wurden`} abgemeldet`,
      },
      addAgain: (organizations) =>
        `Falls davon etwas Ihnen gehörte, fügen Sie es erneut hinzu.${
          organizations.length
            ? ` Das Konto bleibt Mitglied von ${organizations.join(", ")}: Prüfen Sie, ob Sie ${organizations.length === 1 ? "diese Organisation kennen, und verlassen Sie sie" : "diese Organisationen kennen, und verlassen Sie jede"}, die Sie nicht kennen.`
            : ""
        }`,
    },
    wasYou: "Wenn Sie das selbst waren, müssen Sie nichts tun.",
    notYou: {
      removal:
        "Wenn Sie das nicht gerade selbst getan haben, kann jemand anderes dieses Postfach lesen oder Ihr Konto beim Anbieter nutzen: Sichern Sie zuerst diese und prüfen Sie dann Ihr Konto; wenn Sie sich nicht mehr anmelden können, wenden Sie sich an die Verwaltung dieses Dienstes.",
      emailChanged: (passwordSignIn) =>
        passwordSignIn
          ? "Wenn Sie das nicht waren, hat jemand anderes Zugriff auf Ihr Konto: Melden Sie sich mit Ihrem Passwort, Passkey oder verknüpften Konto an, ändern Sie Ihr Passwort, melden Sie alle Sitzungen ab und stellen Sie Ihre Adresse wieder her; wenn Sie sich nicht mehr anmelden können, wenden Sie sich an die Verwaltung dieses Dienstes."
          : "Wenn Sie das nicht waren, hat jemand anderes Zugriff auf Ihr Konto: Melden Sie sich mit Ihrem Passkey oder verknüpften Konto an, melden Sie alle Sitzungen ab und stellen Sie Ihre Adresse wieder her; wenn Sie sich nicht mehr anmelden können, wenden Sie sich an die Verwaltung dieses Dienstes.",
      twoFactorEnabled: (passwordSignIn) =>
        passwordSignIn
          ? "Wenn Sie das nicht waren, hat sich jemand anderes bei Ihrem Konto angemeldet: Melden Sie sich an, schalten Sie die Zwei-Faktor-Authentifizierung aus, ändern Sie Ihr Passwort und melden Sie alle anderen Sitzungen ab; wenn Sie sich nicht mehr anmelden können, wenden Sie sich an die Verwaltung dieses Dienstes."
          : "Wenn Sie das nicht waren, hat sich jemand anderes bei Ihrem Konto angemeldet: Melden Sie sich mit Ihrem Passkey oder verknüpften Konto an, schalten Sie die Zwei-Faktor-Authentifizierung aus und melden Sie alle anderen Sitzungen ab; wenn Sie sich nicht mehr anmelden können, wenden Sie sich an die Verwaltung dieses Dienstes.",
      other: (passwordSignIn) =>
        passwordSignIn
          ? "Wenn Sie das nicht waren, melden Sie sich an, ändern Sie Ihr Passwort und melden Sie alle anderen Sitzungen ab; wenn Sie sich nicht mehr anmelden können, setzen Sie Ihr Passwort auf der Anmeldeseite zurück."
          : "Wenn Sie das nicht waren, melden Sie sich mit Ihrem Passkey oder verknüpften Konto an, melden Sie alle anderen Sitzungen ab und entfernen Sie, was Sie nicht kennen; wenn Sie sich nicht mehr anmelden können, wenden Sie sich an die Verwaltung dieses Dienstes.",
    },
    button: "Konto prüfen",
    footer: "Diese Nachricht wurde gesendet, weil sich eine Sicherheitseinstellung Ihres Kontos geändert hat. Sie enthält keinen Link, der etwas ändert.",
  },
};
