import { useId, type ReactElement } from "react";
import { CHOICE_KEY, LANGUAGES, showLanguage, useTranslation, type Language } from "../lib/i18n.js";

/** Each language's name in itself. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch", fr: "Français", es: "Español", ja: "日本語" };

/** Shows the language and remembers the choice on this browser (lib/i18n.ts's detectLanguage reads it first). */
async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(CHOICE_KEY, language);
  } catch {
    // Not kept past this page; shown all the same.
  }
  await showLanguage(language);
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
