import type { MailWords } from "./mail-words.js";

function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? "1 heure" : `${hours} heures`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** French, addressing the person as "vous", with the space French puts before ":", "?" and ";". */
export const mailFr: MailWords = {
  lifetime,
  greeting: (name) => (name.trim() ? `Bonjour ${name.trim()},` : "Bonjour,"),
  buttonFallback: "Si le bouton ne fonctionne pas, ouvrez ce lien :",
  support: (email) => `Des questions ? Écrivez à ${email}.`,

  verification: {
    subject: (app) => `Confirmez votre adresse e-mail pour ${app}`,
    heading: () => "Confirmez votre adresse e-mail",
    lines: (_app, l, to) => [`Veuillez confirmer que ${to} est bien votre adresse e-mail.`, `Le lien est valable ${l}.`],
    button: "Confirmer l'adresse",
    footer: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer ce message.",
  },
  changeEmail: {
    subject: (app) => `Confirmez votre nouvelle adresse e-mail pour ${app}`,
    heading: () => "Confirmez votre nouvelle adresse e-mail",
    lines: (_app, l, from, to) => [
      `Quelqu'un a demandé à remplacer l'adresse e-mail de votre compte, ${from}, par ${to}.`,
      `Confirmez ce changement dans un délai de ${l} ; nous enverrons ensuite un lien de vérification à la nouvelle adresse.`,
    ],
    button: "Confirmer le changement",
    footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message et pensez à changer votre mot de passe.",
  },
  passwordReset: {
    subject: (app) => `Réinitialisez votre mot de passe ${app}`,
    heading: () => "Réinitialisez votre mot de passe",
    lines: (_app, l) => ["Quelqu'un a demandé la réinitialisation du mot de passe de votre compte.", `Le lien est valable ${l} et ne peut servir qu'une fois.`],
    button: "Réinitialiser le mot de passe",
    footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  },
  deleteAccount: {
    subject: (app) => `Confirmez la suppression de votre compte ${app}`,
    heading: () => "Confirmez la suppression de votre compte",
    lines: (_app, l) => [
      "Quelqu'un a demandé la suppression de votre compte. Ce lien supprime le compte et tout son contenu ; cette action est irréversible.",
      `Le lien est valable ${l} et ne fonctionne que si vous êtes connecté.`,
    ],
    button: "Supprimer mon compte",
    footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre compte reste tel quel.",
  },
  invitationSignUp: {
    subject: (app, _to, organization) => `Créez votre compte ${app} pour rejoindre ${organization}`,
    heading: (_app, _to, organization) => `Rejoindre ${organization}`,
    lines: (_app, l, to, organization) => [
      `Vous avez demandé un compte pour ${to} afin de répondre à votre invitation à ${organization}. Ce lien le crée, vous connecte et affiche l'invitation.`,
      `Le lien est valable ${l} et ne peut servir qu'une fois.`,
    ],
    button: "Créer mon compte",
    footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : aucun compte ne sera créé.",
  },
  invitationHasAccount: {
    subject: (app) => `Vous avez déjà un compte ${app}`,
    heading: () => "Vous avez déjà un compte",
    lines: (_app, _l, to, organization) => [
      `Vous avez demandé un compte pour ${to} afin de rejoindre ${organization}, mais cette adresse en possède déjà un.`,
      "Ouvrez l'invitation et connectez-vous comme d'habitude.",
    ],
    button: "Ouvrir l'invitation",
    footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  },
  invitation: {
    subject: (inviter, organization) => `${inviter} vous invite à rejoindre ${organization}`,
    heading: (organization) => `Rejoindre ${organization}`,
    lines: (inviter, inviterEmail, organization, role, until) => [
      `${inviter} (${inviterEmail}) vous invite à rejoindre ${organization} avec le rôle ${role}.`,
      `Le lien fonctionne jusqu'au ${until}.`,
    ],
    button: "Accepter l'invitation",
    footer: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
  },
  magicLink: {
    subject: (app) => `Votre lien de connexion à ${app}`,
    heading: (app) => `Connexion à ${app}`,
    lines: (app, l, to) => [
      `Ouvrez le lien ci-dessous pour vous connecter à ${app} en tant que ${to}.`,
      `Il est valable ${l} et ne fonctionne qu'une fois. S'il n'existe pas encore de compte pour cette adresse, il sera créé à l'ouverture du lien.`,
    ],
    button: "Se connecter",
    footer: "Si vous n'avez pas demandé à vous connecter, ignorez ce message : personne ne peut se connecter sans ce lien.",
  },
  emailCode: {
    subject: (app, type) =>
      type === "sign-in"
        ? `Votre code de connexion à ${app}`
        : type === "email-verification"
          ? `Votre code de vérification ${app}`
          : `Votre code de réinitialisation du mot de passe ${app}`,
    heading: (app, type) =>
      type === "sign-in" ? `Connexion à ${app}` : type === "email-verification" ? "Confirmez votre adresse e-mail" : "Choisissez un nouveau mot de passe",
    is: (app, type, code) =>
      type === "sign-in"
        ? `Votre code pour vous connecter à ${app} est ${code}.`
        : type === "email-verification"
          ? `Votre code pour vérifier votre adresse e-mail est ${code}.`
          : `Votre code pour choisir un nouveau mot de passe est ${code}.`,
    valid: (l) => `Il est valable ${l} et ne fonctionne qu'une fois.`,
    footer: "Si vous n'avez pas demandé ce code, ignorez ce message. Ne communiquez jamais ce code à personne.",
  },
  twoFactorCode: {
    subject: (app) => `Votre code de connexion à ${app}`,
    heading: "Votre code de connexion",
    is: (code) => `Votre code de connexion est ${code}.`,
    valid: (l) => `Il est valable ${l} et ne fonctionne qu'une fois, dans le navigateur où vous l'avez demandé.`,
    footer: "Si vous ne venez pas de vous connecter, quelqu'un connaît votre mot de passe : changez-le sans attendre.",
  },
  notice: {
    passwordChanged: { subject: (app) => `Votre mot de passe ${app} a été modifié`, line: "Le mot de passe de votre compte vient d'être modifié." },
    passwordReset: {
      subject: (app) => `Votre mot de passe ${app} a été réinitialisé`,
      line: "Le mot de passe de votre compte vient d'être réinitialisé grâce à un lien envoyé à cette adresse.",
    },
    passwordSet: {
      subject: (app) => `Un mot de passe a été ajouté à votre compte ${app}`,
      line: (passwordSignIn) =>
        passwordSignIn
          ? "Un mot de passe vient d'être défini pour votre compte ; il permet désormais de se connecter."
          : "Un mot de passe vient d'être défini pour votre compte.",
    },
    emailChanged: {
      subject: (app) => `L'adresse e-mail de votre compte ${app} a été modifiée`,
      line: (from, to) =>
        `L'adresse e-mail de votre compte vient de passer de ${from} à ${to}. Cette adresse ne permet plus de s'y connecter, et toutes les autres sessions du compte ont été fermées.`,
    },
    passkeyAdded: {
      subject: (app) => `Une clé d'accès a été ajoutée à votre compte ${app}`,
      line: (name) =>
        name ? `Une clé d'accès nommée « ${name} » vient d'être ajoutée à votre compte.` : "Une clé d'accès vient d'être ajoutée à votre compte.",
    },
    passkeyDeleted: {
      subject: (app) => `Une clé d'accès a été retirée de votre compte ${app}`,
      line: (name) =>
        name ? `La clé d'accès nommée « ${name} » vient d'être retirée de votre compte.` : "Une clé d'accès vient d'être retirée de votre compte.",
    },
    providerLinked: {
      subject: (app, provider) => `${provider} a été associé à votre compte ${app}`,
      line: (provider) => `Un compte ${provider} vient d'être associé à votre compte ; il permet désormais de se connecter.`,
    },
    twoFactorEnabled: {
      subject: (app) => `La double authentification a été activée pour votre compte ${app}`,
      line: "La double authentification vient d'être activée : la connexion à votre compte demande désormais aussi une seconde étape.",
    },
    twoFactorDisabled: {
      subject: (app) => `La double authentification a été désactivée pour votre compte ${app}`,
      line: "La double authentification vient d'être désactivée : la connexion à votre compte ne demande plus de seconde étape.",
    },
    backupCodesRegenerated: {
      subject: (app) => `De nouveaux codes de secours ont été créés pour votre compte ${app}`,
      line: "De nouveaux codes de secours pour la double authentification viennent d'être créés pour votre compte ; les précédents ne fonctionnent plus.",
    },
    apiKeyCreated: {
      subject: (app, organization) => (organization ? `Une clé d'API a été créée pour ${organization}` : `Une clé d'API a été créée sur votre compte ${app}`),
      line: (label, organization) =>
        `Une clé d'API ${label ? `${label} ` : ""}vient d'être créée ${organization ? `pour l'organisation ${organization}` : "pour votre compte"} ; quiconque la détient peut agir avec ses autorisations jusqu'à ce qu'elle soit supprimée, désactivée ou expirée.`,
    },
    apiKeyLabel: (name, start) => [name ? `« ${name} »` : null, start ? `(commençant par ${start})` : null].filter(Boolean).join(" ") || null,
    unprovenRemoved: {
      subject: (app) => `Ce qui avait été ajouté à votre compte ${app} avant la preuve de votre adresse a été retiré`,
      line: (how) =>
        `Cette adresse vient d'être prouvée pour la première fois sur votre compte, par ${how}. Jusque-là, n'importe qui aurait pu l'enregistrer ; ce qui avait été ajouté au compte auparavant a donc été retiré :`,
      proofs: {
        passwordReset: "une réinitialisation du mot de passe via un lien envoyé à cette adresse",
        magicLink: "un lien de connexion envoyé à cette adresse",
        emailOtp: "un code de connexion envoyé à cette adresse",
        provider: (name) => `${name}, qui la garantit`,
      },
      removed: {
        passkeys: (n) => count(n, "clé d'accès", "clés d'accès"),
        apiKeys: (n) => count(n, "clé d'API", "clés d'API"),
        twoFactor: "la double authentification (son application d'authentification et ses codes de secours)",
        providers: (names) => `${names.length === 1 ? "le compte associé" : "les comptes associés"} ${names.join(", ")}`,
        password: (passwordSignIn) =>
          passwordSignIn
            ? "le mot de passe défini auparavant (pour en utiliser un, définissez-en un nouveau avec « Mot de passe oublié »)"
            : "le mot de passe défini auparavant",
        invitations: (n) => `${count(n, "invitation en attente envoyée", "invitations en attente envoyées")} depuis le compte (annulée${n === 1 ? "" : "s"})`,
        sessions: (n) => `toutes les sessions : ${n === 1 ? "1 navigateur a été déconnecté" : `${n} navigateurs ont été déconnectés`}`,
      },
      addAgain: (organizations) =>
        `Si certains de ces éléments étaient les vôtres, ajoutez-les de nouveau.${
          organizations.length
            ? ` Le compte reste membre de ${organizations.join(", ")} : vérifiez que vous ${organizations.length === 1 ? "connaissez cette organisation, et quittez-la" : "connaissez ces organisations, et quittez celles"} si ce n'est pas le cas.`
            : ""
        }`,
    },
    wasYou: "Si c'était vous, vous n'avez rien à faire.",
    notYou: {
      removal:
        "Si vous n'êtes pas à l'origine de cette action, quelqu'un d'autre peut lire cette boîte aux lettres ou utiliser votre compte chez le fournisseur : sécurisez-les d'abord, puis vérifiez votre compte ; si vous ne pouvez plus vous connecter, contactez l'administrateur de ce service.",
      emailChanged: (passwordSignIn) =>
        passwordSignIn
          ? "Si ce n'était pas vous, quelqu'un d'autre contrôle votre compte : connectez-vous avec votre mot de passe, votre clé d'accès ou votre compte associé, changez votre mot de passe, fermez toutes les sessions et rétablissez votre adresse ; si vous ne pouvez plus vous connecter, contactez l'administrateur de ce service."
          : "Si ce n'était pas vous, quelqu'un d'autre contrôle votre compte : connectez-vous avec votre clé d'accès ou votre compte associé, fermez toutes les sessions et rétablissez votre adresse ; si vous ne pouvez plus vous connecter, contactez l'administrateur de ce service.",
      twoFactorEnabled: (passwordSignIn) =>
        passwordSignIn
          ? "Si ce n'était pas vous, quelqu'un d'autre s'est connecté à votre compte : connectez-vous, désactivez la double authentification, changez votre mot de passe et fermez toutes les autres sessions ; si vous ne pouvez plus vous connecter, contactez l'administrateur de ce service."
          : "Si ce n'était pas vous, quelqu'un d'autre s'est connecté à votre compte : connectez-vous avec votre clé d'accès ou votre compte associé, désactivez la double authentification et fermez toutes les autres sessions ; si vous ne pouvez plus vous connecter, contactez l'administrateur de ce service.",
      other: (passwordSignIn) =>
        passwordSignIn
          ? "Si ce n'était pas vous, connectez-vous, changez votre mot de passe et fermez toutes les autres sessions ; si vous ne pouvez plus vous connecter, demandez une réinitialisation du mot de passe depuis la page de connexion."
          : "Si ce n'était pas vous, connectez-vous avec votre clé d'accès ou votre compte associé, fermez toutes les autres sessions et retirez ce que vous ne reconnaissez pas ; si vous ne pouvez plus vous connecter, contactez l'administrateur de ce service.",
    },
    button: "Vérifier mon compte",
    footer: "Ce message vous a été envoyé parce qu'un paramètre de sécurité de votre compte a changé. Il ne contient aucun lien qui modifie quoi que ce soit.",
  },
};
