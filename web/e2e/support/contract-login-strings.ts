/**
 * The contract's /login strings in each language (shared/contracts/passwordless-and-languages.md),
 * word for word: the browser tests read them off the real server's page, the web app's unit tests
 * (front-door-languages.test) off the rendered page. Here, in the browser tests' project, which the
 * web app's references.
 */
export const CONTRACT_LOGIN_STRINGS: Record<"en" | "de" | "fr" | "es" | "ja", { title: string; heading: string; google: string; passkey: string }> = {
  en: { title: "Sign in · Gatehouse", heading: "Sign in to Gatehouse", google: "Sign in with Google", passkey: "Sign in with passkey" },
  de: { title: "Anmelden · Gatehouse", heading: "Bei Gatehouse anmelden", google: "Mit Google anmelden", passkey: "Mit Passkey anmelden" },
  fr: {
    title: "Connexion · Gatehouse",
    heading: "Se connecter à Gatehouse",
    google: "Se connecter avec Google",
    passkey: "Se connecter avec une clé d'accès",
  },
  es: {
    title: "Iniciar sesión · Gatehouse",
    heading: "Iniciar sesión en Gatehouse",
    google: "Iniciar sesión con Google",
    passkey: "Iniciar sesión con una llave de acceso",
  },
  ja: { title: "サインイン · Gatehouse", heading: "Gatehouseにサインイン", google: "Googleでサインイン", passkey: "パスキーでサインイン" },
};
