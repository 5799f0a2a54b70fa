import type { Brand, ServerConfig } from "./env.js";
import type { SignInMethods } from "./trpc/context.js";

/** What the web app knows before its first paint: the team's brand and the ways in (web/src/lib/shell-config.ts reads it). */
export interface ShellConfig {
  brand: Brand;
  signIn: SignInMethods;
  /** The shortest new password the server takes (8, or 15 with PASSWORD_SINGLE_FACTOR_MINIMUM=on): the sign-up screen says so before submit. */
  passwordMinLength: number;
}

/** The element the web app reads; a data block, which no browser runs (CSP `script-src 'self'` holds). */
const SHELL_CONFIG_ID = "gatehouse-config";

function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The built index.html with the team's name as its title and the configuration as a JSON data
 * block, so the first paint already shows the team's name, colour and ways in (no flash of the
 * defaults). `<` is escaped inside the JSON so no value can close the element.
 */
export function renderShell(html: string, config: ShellConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const block = `<script type="application/json" id="${SHELL_CONFIG_ID}">${json}</script>`;
  return html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHTML(config.brand.name)}</title>`).replace("</head>", `    ${block}\n  </head>`);
}

/** The ways in the operator turned on (the passwordless ones named only when on, as auth.signInMethods answers). */
export function signInMethodsOf(config: ServerConfig): SignInMethods {
  const { magicLink, emailOTP } = config.passwordless;
  return { email: config.emailSignIn, ...(magicLink.enabled ? { magicLink: true } : {}), ...(emailOTP.enabled ? { emailOtp: true } : {}) };
}

/** What the server writes into the web app's index.html, from its configuration. */
export function shellConfigOf(config: ServerConfig): ShellConfig {
  return { brand: config.brand, signIn: signInMethodsOf(config), passwordMinLength: config.singleFactorPasswordMinimum ? 15 : 8 };
}
