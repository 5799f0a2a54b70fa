import { readFileSync } from "node:fs";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * `import("virtual:catalog/de")`: the front door's German messages (web/locales/de.json), compiled
 * for Lingui's runtime; `import("virtual:catalog/app/de")`: the signed-in pages' (web/locales/app/de.json).
 */
const PREFIX = "virtual:catalog/";
const RESOLVED = `\0${PREFIX}`;
const CATALOG = /^(app\/)?([a-z]{2})$/;

/**
 * The app's translations live in web/locales/<language>.json as ICU MessageFormat strings (what a
 * translator edits). This plugin turns each into the compiled form Lingui's runtime interpolates,
 * at build time, so neither the message parser nor another language's strings reach the browser:
 * each language is its own chunk, loaded when it is shown. A key a language lacks takes the
 * English message (English is the fallback, key by key). The front door's catalog (sign-in, sign-up,
 * the header) comes before the first paint; the signed-in pages' catalog, much the larger, comes
 * with the signed-in pages, so /login's first load does not carry it.
 */
export function linguiCatalogs(localesDir: URL): Plugin {
  const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, localesDir), "utf8")) as Record<string, string>;
  return {
    name: "gatehouse-lingui-catalogs",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const match = CATALOG.exec(id.slice(RESOLVED.length));
      if (!match) throw new Error(`no catalog for ${id.slice(RESOLVED.length)}`);
      const [, part = "", language] = match;
      const files = [`${part}en.json`, `${part}${language}.json`];
      for (const file of files) this.addWatchFile(new URL(file, localesDir).pathname);
      const source = { ...read(files[0]!), ...read(files[1]!) };
      const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
