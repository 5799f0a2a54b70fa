import { readFileSync } from "node:fs";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/** `import("virtual:catalog/de")`: the German messages, compiled for Lingui's runtime. */
const PREFIX = "virtual:catalog/";
const RESOLVED = `\0${PREFIX}`;
const LANGUAGE = /^[a-z]{2}$/;

/**
 * The app's translations live in web/locales/<language>.json as ICU MessageFormat strings (what a
 * translator edits). This plugin turns each into the compiled form Lingui's runtime interpolates,
 * at build time, so neither the message parser nor another language's strings reach the browser:
 * each language is its own chunk, loaded when it is shown. A key a language lacks takes the
 * English message (English is the fallback, key by key).
 */
export function linguiCatalogs(localesDir: URL): Plugin {
  const read = (language: string): Record<string, string> =>
    JSON.parse(readFileSync(new URL(`${language}.json`, localesDir), "utf8")) as Record<string, string>;
  return {
    name: "gatehouse-lingui-catalogs",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const language = id.slice(RESOLVED.length);
      if (!LANGUAGE.test(language)) throw new Error(`no catalog for ${language}`);
      this.addWatchFile(new URL("en.json", localesDir).pathname);
      this.addWatchFile(new URL(`${language}.json`, localesDir).pathname);
      const source = { ...read("en"), ...read(language) };
      const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
