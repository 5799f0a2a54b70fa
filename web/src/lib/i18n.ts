import { setupI18n, type Messages } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type English from "../../locales/en.json";
import type SignedInEnglish from "../../locales/app/en.json";

/** The languages the app is written in; English is the fallback. */
export const LANGUAGES = ["en", "de", "fr", "es", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A message of the front door's catalog (web/locales/en.json) or the signed-in pages'
 * (web/locales/app/en.json); every language has the same keys.
 */
export type MessageId = keyof typeof English | keyof typeof SignedInEnglish;

/** Where the switcher's choice is kept; without one the app follows the browser. */
export const CHOICE_KEY = "gatehouse.language";

function asLanguage(tag: string | null | undefined): Language | null {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/**
 * The language to show: the switcher's choice, else the first of the browser's languages the app
 * has (region dropped: de-AT is German), else English (it-IT, say).
 */
export function pickLanguage(browser: readonly string[], chosen: string | null): Language {
  return asLanguage(chosen) ?? browser.map(asLanguage).find((language) => language !== null) ?? "en";
}

/** The language this browser would show now. */
export function detectLanguage(): Language {
  let chosen: string | null = null;
  try {
    chosen = window.localStorage.getItem(CHOICE_KEY);
  } catch {
    // Storage refused (a private window's settings): follow the browser.
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLanguage(browser, chosen);
}

/** Lingui's runtime, one for the app. */
export const i18n = setupI18n();

/** Each language's compiled catalog is its own chunk (web/build/lingui-catalogs.ts). */
const CATALOGS: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("virtual:catalog/en"),
  de: () => import("virtual:catalog/de"),
  fr: () => import("virtual:catalog/fr"),
  es: () => import("virtual:catalog/es"),
  ja: () => import("virtual:catalog/ja"),
};

/**
 * Loads and shows a language: `<html lang>`, and the `locale` cookie the server reads for the
 * language of its error messages and mails (a year, the whole site, readable by the server only
 * through requests: nothing secret). The front door's messages only: the signed-in pages' come
 * beside them (components/ui.tsx, components/language-switcher.tsx).
 */
export async function showLanguage(language: Language): Promise<void> {
  const { messages } = await CATALOGS[language]();
  i18n.loadAndActivate({ locale: language, messages });
  if (typeof document === "undefined") return; // a unit test without a page
  document.documentElement.lang = language;
  document.cookie = `locale=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

/** The shown language's `t(id, values)` and its code; components re-render when it changes. */
export function useTranslation(): { t: Translate; language: Language } {
  const { _, i18n: active } = useLingui();
  return { t: _ as Translate, language: asLanguage(active.locale) ?? "en" };
}
