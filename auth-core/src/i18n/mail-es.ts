import type { MailWords } from "./mail-words.js";

function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? "1 hora" : `${hours} horas`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Spanish, addressing the person as "usted", as the error messages do. */
export const mailEs: MailWords = {
  lifetime,
  greeting: (name) => (name.trim() ? `Hola, ${name.trim()}:` : "Hola:"),
  buttonFallback: "Si el botón no funciona, abra este enlace:",
  support: (email) => `¿Tiene preguntas? Escriba a ${email}.`,

  verification: {
    subject: (app) => `Verifique su dirección de correo electrónico para ${app}`,
    heading: () => "Verifique su dirección de correo electrónico",
    lines: (_app, l, to) => [`Confirme que ${to} es su dirección de correo electrónico.`, `El enlace es válido durante ${l}.`],
    button: "Verificar correo electrónico",
    footer: "Si no lo solicitó, puede ignorar este mensaje.",
  },
  changeEmail: {
    subject: (app) => `Confirme su nueva dirección de correo electrónico para ${app}`,
    heading: () => "Confirme su nueva dirección de correo electrónico",
    lines: (_app, l, from, to) => [
      `Alguien pidió cambiar la dirección de correo electrónico de su cuenta de ${from} a ${to}.`,
      `Confirme el cambio en un plazo de ${l}; después enviaremos un enlace de verificación a la nueva dirección.`,
    ],
    button: "Confirmar el cambio",
    footer: "Si no lo solicitó, ignore este mensaje y considere cambiar su contraseña.",
  },
  passwordReset: {
    subject: (app) => `Restablezca su contraseña de ${app}`,
    heading: () => "Restablezca su contraseña",
    lines: (_app, l) => ["Alguien pidió restablecer la contraseña de su cuenta.", `El enlace es válido durante ${l} y solo se puede usar una vez.`],
    button: "Restablecer la contraseña",
    footer: "Si no lo solicitó, ignore este mensaje: su contraseña no cambiará.",
  },
  deleteAccount: {
    subject: (app) => `Confirme la eliminación de su cuenta de ${app}`,
    heading: () => "Confirme la eliminación de su cuenta",
    lines: (_app, l) => [
      "Alguien pidió eliminar su cuenta. El enlace elimina la cuenta y todo su contenido; no se puede deshacer.",
      `El enlace es válido durante ${l} y solo funciona mientras tenga la sesión iniciada.`,
    ],
    button: "Eliminar mi cuenta",
    footer: "Si no lo solicitó, ignore este mensaje: su cuenta seguirá como está.",
  },
  invitationSignUp: {
    subject: (app, _to, organization) => `Cree su cuenta de ${app} para unirse a ${organization}`,
    heading: (_app, _to, organization) => `Únase a ${organization}`,
    lines: (_app, l, to, organization) => [
      `Pidió una cuenta para ${to} para responder a su invitación a ${organization}. El enlace la crea, inicia su sesión y le muestra la invitación.`,
      `El enlace es válido durante ${l} y solo se puede usar una vez.`,
    ],
    button: "Crear mi cuenta",
    footer: "Si no lo solicitó, ignore este mensaje: no se creará ninguna cuenta.",
  },
  invitationHasAccount: {
    subject: (app) => `Ya tiene una cuenta de ${app}`,
    heading: () => "Ya tiene una cuenta",
    lines: (_app, _l, to, organization) => [
      `Pidió una cuenta para ${to} para unirse a ${organization}, pero esta dirección ya tiene una.`,
      "Abra la invitación e inicie sesión como de costumbre.",
    ],
    button: "Abrir la invitación",
    footer: "Si no lo solicitó, ignore este mensaje.",
  },
  invitation: {
    subject: (inviter, organization) => `${inviter} le invitó a unirse a ${organization}`,
    heading: (organization) => `Únase a ${organization}`,
    lines: (inviter, inviterEmail, organization, role, until) => [
      `${inviter} (${inviterEmail}) le invitó a unirse a ${organization} con el rol ${role}.`,
      `El enlace funciona hasta el ${until}.`,
    ],
    button: "Aceptar la invitación",
    footer: "Si no esperaba esta invitación, puede ignorar este correo.",
  },
  magicLink: {
    subject: (app) => `Su enlace para iniciar sesión en ${app}`,
    heading: (app) => `Iniciar sesión en ${app}`,
    lines: (app, l, to) => [
      `Abra el enlace de abajo para iniciar sesión en ${app} como ${to}.`,
      `Es válido durante ${l} y solo funciona una vez. Si aún no existe una cuenta con esta dirección, se creará al abrirlo.`,
    ],
    button: "Iniciar sesión",
    footer: "Si no pidió iniciar sesión, puede ignorar este mensaje: nadie puede iniciar sesión sin el enlace.",
  },
  emailCode: {
    subject: (app, type) =>
      type === "sign-in"
        ? `Su código para iniciar sesión en ${app}`
        : type === "email-verification"
          ? `Su código de verificación de ${app}`
          : `Su código para restablecer la contraseña de ${app}`,
    heading: (app, type) =>
      type === "sign-in"
        ? `Iniciar sesión en ${app}`
        : type === "email-verification"
          ? "Verifique su dirección de correo electrónico"
          : "Elija una contraseña nueva",
    is: (app, type, code) =>
      type === "sign-in"
        ? `Su código para iniciar sesión en ${app} es ${code}.`
        : type === "email-verification"
          ? `Su código para verificar su correo electrónico es ${code}.`
          : `Su código para elegir una contraseña nueva es ${code}.`,
    valid: (l) => `Es válido durante ${l} y solo funciona una vez.`,
    footer: "Si no pidió este código, puede ignorar este mensaje. No comparta nunca el código con nadie.",
  },
  twoFactorCode: {
    subject: (app) => `Su código para iniciar sesión en ${app}`,
    heading: "Su código de inicio de sesión",
    is: (code) => `Su código de inicio de sesión es ${code}.`,
    valid: (l) => `Es válido durante ${l} y solo funciona una vez, en el navegador donde lo pidió.`,
    footer: "Si no acaba de iniciar sesión, alguien conoce su contraseña: cámbiela ahora.",
  },
  notice: {
    passwordChanged: { subject: (app) => `Se cambió su contraseña de ${app}`, line: "Se acaba de cambiar la contraseña de su cuenta." },
    passwordReset: {
      subject: (app) => `Se restableció su contraseña de ${app}`,
      line: "Se acaba de restablecer la contraseña de su cuenta mediante un enlace enviado a esta dirección.",
    },
    passwordSet: {
      subject: (app) => `Se añadió una contraseña a su cuenta de ${app}`,
      line: (passwordSignIn) =>
        passwordSignIn
          ? "Se acaba de establecer una contraseña en su cuenta; ahora se puede usar para iniciar sesión."
          : "Se acaba de establecer una contraseña en su cuenta.",
    },
    emailChanged: {
      subject: (app) => `Se cambió la dirección de correo electrónico de su cuenta de ${app}`,
      line: (from, to) =>
        `La dirección de correo electrónico de su cuenta acaba de cambiar de ${from} a ${to}. Esta dirección ya no sirve para iniciar sesión, y se cerraron todas las demás sesiones de la cuenta.`,
    },
    passkeyAdded: {
      subject: (app) => `Se añadió una llave de acceso a su cuenta de ${app}`,
      line: (name) => (name ? `Se acaba de añadir a su cuenta una llave de acceso llamada «${name}».` : "Se acaba de añadir una llave de acceso a su cuenta."),
    },
    passkeyDeleted: {
      subject: (app) => `Se eliminó una llave de acceso de su cuenta de ${app}`,
      line: (name) =>
        name ? `Se acaba de eliminar de su cuenta la llave de acceso llamada «${name}».` : "Se acaba de eliminar una llave de acceso de su cuenta.",
    },
    providerLinked: {
      subject: (app, provider) => `Se vinculó ${provider} a su cuenta de ${app}`,
      line: (provider) => `Se acaba de vincular una cuenta de ${provider} a su cuenta; ahora se puede usar para iniciar sesión.`,
    },
    twoFactorEnabled: {
      subject: (app) => `Se activó la verificación en dos pasos en su cuenta de ${app}`,
      line: "Se acaba de activar la verificación en dos pasos: ahora, para iniciar sesión en su cuenta, también se pide un segundo paso.",
    },
    twoFactorDisabled: {
      subject: (app) => `Se desactivó la verificación en dos pasos en su cuenta de ${app}`,
      line: "Se acaba de desactivar la verificación en dos pasos: para iniciar sesión en su cuenta ya no se pide un segundo paso.",
    },
    backupCodesRegenerated: {
      subject: (app) => `Se crearon nuevos códigos de respaldo para su cuenta de ${app}`,
      line: "Se acaban de crear nuevos códigos de respaldo de la verificación en dos pasos para su cuenta; los anteriores ya no funcionan.",
    },
    apiKeyCreated: {
      subject: (app, organization) => (organization ? `Se creó una clave de API para ${organization}` : `Se creó una clave de API en su cuenta de ${app}`),
      line: (label, organization) =>
        `Se acaba de crear una clave de API ${label ? `${label} ` : ""}${organization ? `para la organización ${organization}` : "para su cuenta"}; quien la tenga puede actuar con sus permisos hasta que se elimine, se desactive o caduque.`,
    },
    apiKeyLabel: (name, start) => [name ? `«${name}»` : null, start ? `(empieza por ${start})` : null].filter(Boolean).join(" ") || null,
    unprovenRemoved: {
      subject: (app) => `Se eliminó lo que se añadió a su cuenta de ${app} antes de que demostrara su dirección`,
      line: (how) =>
        `Esta dirección se acaba de demostrar por primera vez en su cuenta, mediante ${how}. Hasta entonces cualquiera podría haberla registrado, así que se eliminó lo que se había añadido antes a la cuenta:`,
      proofs: {
        passwordReset: "un restablecimiento de contraseña con un enlace enviado a ella",
        magicLink: "un enlace de inicio de sesión enviado a ella",
        emailOtp: "un código de inicio de sesión enviado a ella",
        provider: (name) => `${name}, que la avala`,
      },
      removed: {
        passkeys: (n) => count(n, "llave de acceso", "llaves de acceso"),
        apiKeys: (n) => count(n, "clave de API", "claves de API"),
        twoFactor: "la verificación en dos pasos (su aplicación de autenticación y sus códigos de respaldo)",
        providers: (names) => `${names.length === 1 ? "la cuenta vinculada" : "las cuentas vinculadas"} de ${names.join(", ")}`,
        password: (passwordSignIn) =>
          passwordSignIn
            ? "la contraseña establecida antes (para usar una, establezca una nueva con «¿Olvidó su contraseña?»)"
            : "la contraseña establecida antes",
        invitations: (n) => `${count(n, "invitación pendiente enviada", "invitaciones pendientes enviadas")} desde la cuenta (cancelada${n === 1 ? "" : "s"})`,
        sessions: (n) => `todas las sesiones: se cerró la sesión en ${count(n, "navegador", "navegadores")}`,
      },
      addAgain: (organizations) =>
        `Si algo de esto era suyo, vuelva a añadirlo.${
          organizations.length
            ? ` La cuenta sigue siendo miembro de ${organizations.join(", ")}: compruebe que ${organizations.length === 1 ? "conoce esta organización y abandónela" : "conoce estas organizaciones y abandone las que"} si no es así.`
            : ""
        }`,
    },
    wasYou: "Si fue usted, no tiene que hacer nada.",
    notYou: {
      removal:
        "Si no acaba de hacerlo usted, otra persona puede leer este buzón o usar su cuenta del proveedor: protéjalos primero y luego revise su cuenta; si ya no puede iniciar sesión, póngase en contacto con el administrador de este servicio.",
      emailChanged: (passwordSignIn) =>
        passwordSignIn
          ? "Si no fue usted, otra persona controla su cuenta: inicie sesión con su contraseña, su llave de acceso o su cuenta vinculada, cambie su contraseña, cierre todas las sesiones y restablezca su dirección; si ya no puede iniciar sesión, póngase en contacto con el administrador de este servicio."
          : "Si no fue usted, otra persona controla su cuenta: inicie sesión con su llave de acceso o su cuenta vinculada, cierre todas las sesiones y restablezca su dirección; si ya no puede iniciar sesión, póngase en contacto con el administrador de este servicio.",
      twoFactorEnabled: (passwordSignIn) =>
        passwordSignIn
          ? "Si no fue usted, otra persona inició sesión en su cuenta: inicie sesión, desactive la verificación en dos pasos, cambie su contraseña y cierre todas las demás sesiones; si ya no puede iniciar sesión, póngase en contacto con el administrador de este servicio."
          : "Si no fue usted, otra persona inició sesión en su cuenta: inicie sesión con su llave de acceso o su cuenta vinculada, desactive la verificación en dos pasos y cierre todas las demás sesiones; si ya no puede iniciar sesión, póngase en contacto con el administrador de este servicio.",
      other: (passwordSignIn) =>
        passwordSignIn
          ? "Si no fue usted, inicie sesión, cambie su contraseña y cierre todas las demás sesiones; si ya no puede iniciar sesión, pida restablecer la contraseña desde la página de inicio de sesión."
          : "Si no fue usted, inicie sesión con su llave de acceso o su cuenta vinculada, cierre todas las demás sesiones y elimine lo que no reconozca; si ya no puede iniciar sesión, póngase en contacto con el administrador de este servicio.",
    },
    button: "Revisar mi cuenta",
    footer: "Este aviso se envió porque cambió un ajuste de seguridad de su cuenta. No contiene ningún enlace que cambie nada.",
  },
};
