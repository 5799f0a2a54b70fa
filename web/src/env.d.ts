/** Set by vite.config.ts `define`. */
declare const __APP_VERSION__: string;
declare const __BUILD_TIME__: string;

/** A language's compiled messages (web/build/lingui-catalogs.ts). */
declare module "virtual:catalog/*" {
  export const messages: import("@lingui/core").Messages;
}
