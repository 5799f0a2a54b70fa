import { useId, type ReactElement } from "react";
import type { Messages } from "@lingui/core";
import { CHOICE_KEY, i18n, LANGUAGES, showLanguage, useTranslation, type Language } from "../lib/i18n.js";

/**
 * The signed-in pages' words (web/locales/app/<language>.json), each language its own chunk like
 * the front door's (web/build/lingui-catalogs.ts), but never in /login's first load: they are
 * wanted once a signed-in page is on its way (components/ui.tsx). Here, beside the switcher,
 * which brings them with each language from then on.
 */
const SIGNED_IN_CATALOGS: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("virtual:catalog/app/en"),
  de: () => import("virtual:catalog/app/de"),
  fr: () => import("virtual:catalog/app/fr"),
  es: () => import("virtual:catalog/app/es"),
  ja: () => import("virtual:catalog/app/ja"),
};

let wanted = false;

/**
 * Shows a language (lib/i18n.ts's showLanguage) with the signed-in pages' messages beside the
 * front door's once they are wanted (`want`, kept from then on). Those arrive first and join the
 * front door's before the app re-renders in the new language, so no page shows a message id.
 */
export async function showAppLanguage(language: Language, want = wanted): Promise<void> {
  wanted = want;
  const pages = want ? await SIGNED_IN_CATALOGS[language]() : null;
  await showLanguage(language);
  if (pages) i18n.load(language, pages.messages);
}

/** Each language's name in itself. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch", fr: "Français", es: "Español", ja: "日本語" };

/**
 * Shows the language (with the signed-in pages' words once those are in use) and remembers the
 * choice on this browser (lib/i18n.ts's detectLanguage reads it first).
 */
async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(CHOICE_KEY, language);
  } catch {
    // Not kept past this page; shown all the same.
  }
  await showAppLanguage(language);
}

/**
 * The language of the app: each named in itself; the choice is kept on this browser. `compact`
 * (the header, where every pixel of one row is spoken for): the two-letter codes, the label and
 * each language's name as tooltips.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }): ReactElement {
  const { t, language } = useTranslation();
  const id = useId();
  return (
    <div className={compact ? "language-switcher compact" : "language-switcher"}>
      <label htmlFor={id}>{t("language.label")}</label>
      <select
        id={id}
        value={language}
        title={compact ? `${t("language.label")}: ${LANGUAGE_NAMES[language]}` : undefined}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code} title={compact ? LANGUAGE_NAMES[code] : undefined}>
            {compact ? code.toUpperCase() : LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
