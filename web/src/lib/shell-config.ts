// Type-only, like AppRouter: the web app never imports server code at run time.
import type { ShellConfig } from "@gatehouse/server";

export type Brand = ShellConfig["brand"];

/** Without a server's shell (vite's dev server, component tests): the app's own name, spec §1's ways in. */
const DEFAULTS: ShellConfig = {
  brand: { name: "Gatehouse", logoUrl: null, accentColor: null, supportEmail: null },
  signIn: { email: false },
  passwordMinLength: 8,
};

let read: ShellConfig | undefined;

/**
 * What the server wrote into index.html (server/src/spa-shell.ts): the team's brand (APP_NAME,
 * APP_LOGO_URL, APP_ACCENT_COLOR, SUPPORT_EMAIL) and the ways in it offers. Read once, before the
 * first paint, so no screen ever shows another name first.
 */
export function shellConfig(): ShellConfig {
  if (read) return read;
  const text = typeof document === "undefined" ? null : document.getElementById("gatehouse-config")?.textContent;
  let given: Partial<ShellConfig> = {};
  try {
    given = text ? (JSON.parse(text) as Partial<ShellConfig>) : {};
  } catch {
    given = {};
  }
  read = { ...DEFAULTS, ...given, brand: { ...DEFAULTS.brand, ...given.brand }, signIn: { ...DEFAULTS.signIn, ...given.signIn } };
  return read;
}

export function useBrand(): Brand {
  return shellConfig().brand;
}
