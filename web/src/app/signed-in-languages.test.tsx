import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import SignedInEnglish from "../../locales/app/en.json";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { otherBrowser, renderApp, signIn, signUp, type RenderedApp } from "../test/render-app.js";
import { CHOICE_KEY } from "../lib/i18n.js";
import { showAppLanguage } from "../components/language-switcher.js";

/** A kana or a kanji: text written in Japanese. */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** The signed-in pages in the shown language (web/locales/app/), against the real auth service and tRPC router. */
describe("the signed-in pages in German and Japanese", () => {
  let backend: AppBackend;
  let app: RenderedApp | undefined;
  beforeEach(async () => {
    backend = await createAppBackend({}, { now: new Date() });
  });
  afterEach(async () => {
    cleanup();
    app?.queryClient.clear();
    await backend.destroy();
    window.localStorage.removeItem(CHOICE_KEY);
    await showAppLanguage("en");
  });

  it("shows the dashboard in German: headings, counts, the activity's words and dates in German", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    expect(await signIn(otherBrowser(backend), "dorothy@example.com", "wrong password")).toBe(401);
    await showAppLanguage("de");
    app = renderApp(backend, "/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Übersicht" });
    await waitFor(() => expect(screen.getByTestId("failed-sign-ins-30d").textContent).toBe("1 fehlgeschlagener Versuch"));
    for (const heading of [
      "Anmeldungen der letzten 30 Tage",
      "Letzte Anmeldung",
      "Verknüpfte Konten",
      "Aktive Sitzungen",
      "Organisation",
      "Letzte Aktivitäten",
    ])
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeTruthy();
    expect(screen.getByText("Keine aktiv")).toBeTruthy();
    const recent = screen.getByRole("list", { name: "Letzte Aktivitäten" });
    expect(within(recent).getByRole("link", { name: "Registriert" }).getAttribute("href")).toBe("/reports?type=sign-up");
    expect(within(recent).getByText("Fehlgeschlagen")).toBeTruthy();
    // Dates as German writes them (day.month.year), in the lead's sentence.
    expect(document.querySelector(".lead")?.textContent).toMatch(
      /^Angemeldet als Dorothy Vaughan \(dorothy@example\.com\) seit \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\.$/,
    );
    expect(document.documentElement.lang).toBe("de");
  });

  it("shows Settings in Japanese: every heading, label and button in Japanese", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    await showAppLanguage("ja");
    app = renderApp(backend, "/settings");
    await screen.findByRole("heading", { level: 1, name: "設定" });
    await screen.findByText("パスキーはまだありません。");
    await screen.findByRole("button", { name: "パスワードを変更" });
    const main = document.querySelector("main") ?? document.body;
    const words = [...main.querySelectorAll("h1, h2, h3, label, button, .toc a, .muted")].map((element) => element.textContent?.trim() ?? "");
    // The names a page shows as they are (the person's, the provider's) are not words to translate.
    const english = words.filter((text) => text !== "" && !JAPANESE.test(text) && !/^(Google|Dorothy Vaughan|dorothy@example\.com)$/.test(text));
    expect(english).toEqual([]);
    expect(screen.getByRole("heading", { level: 2, name: "2 段階認証" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "アカウントの削除" })).toBeTruthy();
  });

  it("switches the signed-in page's language from the header, keeps the choice and tells the server", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    app = renderApp(backend, "/dashboard");
    await screen.findByRole("heading", { level: 1, name: SignedInEnglish["dashboard.heading"] });
    const header = document.querySelector("header") ?? document.body;
    fireEvent.change(within(header as HTMLElement).getByLabelText("Language"), { target: { value: "ja" } });
    await screen.findByRole("heading", { level: 1, name: "ダッシュボード" });
    await screen.findByRole("heading", { level: 2, name: "最近のアクティビティ" });
    expect(window.localStorage.getItem(CHOICE_KEY)).toBe("ja");
    expect(document.cookie).toContain("locale=ja");
    expect(document.documentElement.lang).toBe("ja");
  });
});
