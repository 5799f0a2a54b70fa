import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import English from "../../locales/en.json";
import German from "../../locales/de.json";
import French from "../../locales/fr.json";
import Spanish from "../../locales/es.json";
import Japanese from "../../locales/ja.json";
import SignedInEnglish from "../../locales/app/en.json";
import SignedInGerman from "../../locales/app/de.json";
import SignedInFrench from "../../locales/app/fr.json";
import SignedInSpanish from "../../locales/app/es.json";
import SignedInJapanese from "../../locales/app/ja.json";
import { AUDIT_EVENT_LABELS, FAILED_SIGN_IN_REASON_LABELS } from "@gatehouse/server/shared";
import { createTestQueryClient } from "../test/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { pickLanguage, type Language } from "../lib/i18n.js";
import { showAppLanguage } from "../components/language-switcher.js";
import { planName } from "../components/ui.js";
import { describeUserAgent } from "../lib/user-agent.js";
import { createAuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";
import { CONTRACT_LOGIN_STRINGS as LOGIN } from "../../e2e/support/contract-login-strings.js";

const CATALOGS: Record<Exclude<Language, "en">, Record<string, string>> = { de: German, fr: French, es: Spanish, ja: Japanese };
/** The signed-in pages' catalogs (web/locales/app/), loaded with those pages, not with /login. */
const SIGNED_IN_CATALOGS: Record<Exclude<Language, "en">, Record<string, string>> = {
  de: SignedInGerman,
  fr: SignedInFrench,
  es: SignedInSpanish,
  ja: SignedInJapanese,
};
/**
 * The only messages a translation may leave as the English one: names and words the language
 * borrowed ("Passkeys" in German, "Sessions" in French). Anything else the same as English was
 * not translated.
 */
const SAME_IN_BOTH: Record<Exclude<Language, "en">, readonly string[]> = {
  de: ["Google", "Passkey", "Passkeys", "Name", "Person", "Teams", "Team {name}", "Team (optional)", "Admin", "Admins", "Build", "Version", "Browser", "Team"],
  fr: ["Google", "Sessions", "Invitation", "Invitations", "Actions", "Version"],
  es: ["Google", "Plan", "No"],
  ja: ["Google"],
};

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1] ?? "").sort();
/** The marks a message may carry (components/ui.tsx, richText), kept by every translation. */
const marks = (text: string): string[] => [...text.matchAll(/<\/?\d\/?>/g)].map((m) => m[0]).sort();

describe("the web app's languages", () => {
  it("follows the browser's first language it has, region dropped, else English; the switcher's choice first", () => {
    expect(pickLanguage(["de-DE", "en"], null)).toBe("de");
    expect(pickLanguage(["it-IT"], null)).toBe("en");
    expect(pickLanguage(["it-IT", "fr-CA"], null)).toBe("fr");
    expect(pickLanguage(["es-419"], null)).toBe("es");
    expect(pickLanguage(["ja"], null)).toBe("ja");
    expect(pickLanguage(["de-DE"], "ja")).toBe("ja");
    expect(pickLanguage(["de-DE"], "tlh")).toBe("de");
    expect(pickLanguage([], null)).toBe("en");
  });

  it("has every English message in every language, with the same placeholders, and translated", () => {
    for (const [language, catalog] of Object.entries(CATALOGS)) {
      expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(English).sort());
      for (const [key, english] of Object.entries(English)) {
        expect(placeholders(catalog[key] ?? ""), `${language} ${key}`).toEqual(placeholders(english));
      }
      // Not word lists: the sentences differ from the English ones (a few words are the same in both, like "Menu").
      const same = Object.entries(English).filter(([key, english]) => catalog[key] === english && !/^\{page\} · \{app\}$/.test(english));
      expect(same.length, `${language}: ${same.map(([key]) => key).join(", ")}`).toBeLessThanOrEqual(3);
    }
  });
});

describe("the signed-in pages' catalogs (web/locales/app/)", () => {
  it("have every English message in de, fr, es and ja, with the same placeholders and marks", () => {
    for (const [language, catalog] of Object.entries(SIGNED_IN_CATALOGS)) {
      expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(SignedInEnglish).sort());
      for (const [key, english] of Object.entries(SignedInEnglish)) {
        const translated = catalog[key] ?? "";
        expect(placeholders(translated), `${language} ${key}`).toEqual(placeholders(english));
        expect(marks(translated), `${language} ${key}`).toEqual(marks(english));
        expect(translated.trim(), `${language} ${key}`).not.toBe("");
      }
    }
  });

  it("leave no English in de, fr, es and ja but the names and borrowed words the language uses too", () => {
    for (const [language, catalog] of Object.entries(SIGNED_IN_CATALOGS) as [Exclude<Language, "en">, Record<string, string>][]) {
      const english = Object.entries(SignedInEnglish).filter(([key, text]) => catalog[key] === text && !SAME_IN_BOTH[language].includes(text));
      expect(
        english.map(([key, text]) => `${key}: ${text}`),
        language,
      ).toEqual([]);
    }
    // Japanese is written in Japanese: every message but a name has a kana or kanji in it.
    const latinOnly = Object.entries(SignedInJapanese).filter(([, text]) => !/[\u3040-\u30ff\u4e00-\u9fff]/.test(text) && !SAME_IN_BOTH.ja.includes(text));
    expect(latinOnly, "ja").toEqual([]);
  });

  it("share no key with the front door's catalog, and name every audit event and failure reason the server has", () => {
    expect(Object.keys(SignedInEnglish).filter((key) => key in English)).toEqual([]);
    // English follows the server's own labels (the CSV export's words); a new one fails here until translated.
    const english = SignedInEnglish as Record<string, string>;
    for (const [type, label] of Object.entries(AUDIT_EVENT_LABELS)) expect(english[`event.${type}`], type).toBe(label);
    for (const [reason, label] of Object.entries(FAILED_SIGN_IN_REASON_LABELS)) expect(english[`reason.${reason}`], reason).toBe(label);
  });
});

/**
 * Screens translated after the rest (issue 48, Build 3): every word they show comes from the
 * signed-in catalogs through t(), none is written in the component. The scan reads each file's
 * syntax tree and names what a person would read in English: JSX text, a string given to a
 * shown attribute (label, title, aria-label, pending…) or shown through a condition, and any
 * sentence of two words or more elsewhere in the file (a table of labels).
 */
const SCREENS_IN_THE_CATALOGS = [
  "features/admin/components/apps-panel.tsx",
  "features/enterprise-sso/components/single-sign-on-section.tsx",
  "features/enterprise-sso/components/provisioning-section.tsx",
  "features/two-factor/components/qr-code.tsx",
  "features/plan/components/plan-panel.tsx",
  "app/routes/dashboard.tsx",
  "lib/user-agent.ts",
];
const SOURCE = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Names and examples shown as they are in every language. */
const NAMES = ["OpenID Connect", "SAML 2.0", "Ed25519 (EdDSA)", "RSA (RS256)", "P-256 (ES256)", "example.com", "https://wiki.example.com/callback"];
/** Attributes that hold no words for people: classes, ids, field names and values. */
const NOT_SHOWN = new Set([
  "className",
  "id",
  "htmlFor",
  "type",
  "name",
  "pattern",
  "accept",
  "data-testid",
  "key",
  "value",
  "href",
  "src",
  "role",
  "inputMode",
  "autoComplete",
  "aria-labelledby",
  "aria-describedby",
  "rel",
  "target",
  "to",
]);
/** Nodes whose string operands are shown as they are (a condition's branches, a template's parts). */
const PASSES_TEXT = new Set([
  "ConditionalExpression",
  "LogicalExpression",
  "TemplateLiteral",
  "JSXExpressionContainer",
  "ParenthesizedExpression",
  "JSXFragment",
  "JSXElement",
]);

// Node's own resolution: the test environment's browser conditions would pick the parser's WebAssembly build.
const { parseSync } = createRequire(import.meta.url)("oxc-parser") as typeof import("oxc-parser");
type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && typeof (value as Node).type === "string";

function englishIn(source: string, file: string): string[] {
  const found: string[] = [];
  const flag = (text: string, shown: boolean): void => {
    const words = text.trim();
    if (NAMES.includes(words)) return;
    if ((shown && /\p{L}{2,}/u.test(words)) || /\p{L}{2,}[ ]+\p{L}{2,}/u.test(words)) found.push(words);
  };
  const visit = (node: Node, shown: boolean): void => {
    switch (node.type) {
      case "ImportDeclaration":
      case "ExportNamedDeclaration":
        if (node.source) return;
        break;
      case "ImportExpression":
        return;
      case "CallExpression": {
        const callee = node.callee as Node;
        if (callee.type === "Identifier" && ["t", "translate"].includes(callee.name as string)) return;
        break;
      }
      case "JSXText":
        flag(node.value as string, true);
        return;
      case "Literal":
        if (typeof node.value === "string") flag(node.value, shown);
        return;
      case "TemplateElement":
        flag((node.value as { cooked: string }).cooked, shown);
        return;
      case "JSXAttribute": {
        const name = node.name as Node;
        const attribute = name.type === "JSXIdentifier" ? (name.name as string) : "";
        if (NOT_SHOWN.has(attribute)) return;
        if (isNode(node.value)) visit(node.value, true);
        return;
      }
      case "Property":
        // A key is no word shown; its value is looked at.
        visit(node.value as Node, false);
        return;
    }
    if (node.type.startsWith("TS")) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === "test" || key === "left") {
        if (isNode(child)) visit(child, false);
        continue;
      }
      const passes = PASSES_TEXT.has(node.type) || (node.type === "JSXElement" && key === "children");
      for (const item of Array.isArray(child) ? child : [child])
        if (isNode(item)) visit(item, passes && shown ? true : node.type === "JSXElement" || node.type === "JSXFragment" ? true : passes && shown);
    }
  };
  visit(parseSync(file, source).program as unknown as Node, false);
  return found;
}

describe("the screens translated last (admin Apps, Single sign-on, Provisioning, QR code, devices, plans)", () => {
  it("write no English of their own: every word they show is a catalog message", () => {
    const english = SCREENS_IN_THE_CATALOGS.map((file) => [file, englishIn(readFileSync(join(SOURCE, file), "utf8"), file)] as const);
    expect(Object.fromEntries(english.filter(([, found]) => found.length > 0))).toEqual({});
  });

  it("names devices and plans in the shown language", async () => {
    const chromeOnMac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const unknownBrowser = "Mozilla/5.0 (X11; Linux x86_64) Something/1.0";
    try {
      await showAppLanguage("de", true);
      expect([describeUserAgent(chromeOnMac), describeUserAgent(unknownBrowser), describeUserAgent(null)]).toEqual([
        "Chrome unter macOS",
        "Browser unter Linux",
        "Unbekanntes Gerät",
      ]);
      expect(["free", "team", "business"].map((plan) => planName(plan as "free"))).toEqual(["Kostenlos", "Team", "Unternehmen"]);
      await showAppLanguage("ja", true);
      expect(describeUserAgent(chromeOnMac)).toBe("macOSのChrome");
      expect(planName("free")).toBe("無料");
      await showAppLanguage("en", true);
      expect(describeUserAgent(chromeOnMac)).toBe("Chrome on macOS");
      expect(planName("business")).toBe("Business");
    } finally {
      await showAppLanguage("en");
    }
  });

  it("the scan finds English where it is written", () => {
    const sample = `const KINDS = { web: "Web app with a server" };
      export const A = () => <p title="Rotate secret" aria-label={\`Delete \${name}\`}>Apps {ok ? "no secret" : t("x")}<span className="badge ok" /></p>;`;
    expect(englishIn(sample, "sample.tsx")).toEqual(["Web app with a server", "Rotate secret", "Delete", "Apps", "no secret"]);
  });
});

describe("/login in each language, against the real auth service", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  beforeEach(async () => {
    backend = await createAuthBackend();
  });
  afterEach(async () => {
    cleanup();
    queryClient?.clear();
    await backend.destroy();
  });
  afterAll(async () => {
    await showAppLanguage("en");
  });

  function renderAt(path: string): ReturnType<typeof createTestRouter> {
    queryClient = createTestQueryClient();
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const router = createTestRouter({ queryClient, authClient, authFailures: createAuthFailureStore(), build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures: createAuthFailureStore(), trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return router;
  }

  for (const language of Object.keys(LOGIN) as Language[]) {
    it(`shows the contract's title, heading and buttons in ${language}, and no English button text`, async () => {
      await showAppLanguage(language);
      const words = LOGIN[language];
      renderAt("/login");
      await screen.findByRole("heading", { level: 1, name: words.heading }, { timeout: 5000 });
      // The title is set by an effect after the render that shows the heading.
      await waitFor(() => expect(document.title).toBe(words.title));
      expect(document.documentElement.lang).toBe(language);
      expect(document.cookie).toContain(`locale=${language}`);
      await screen.findByRole("button", { name: words.google });
      expect(screen.getByRole("button", { name: words.passkey })).toBeTruthy();
      if (language !== "en") {
        const englishTexts = new Set(Object.values(English).map((text) => text.replace("{provider}", "Google")));
        const buttons = screen.getAllByRole("button").map((button) => button.textContent?.trim() ?? "");
        expect(buttons.filter((text) => englishTexts.has(text))).toEqual([]);
      }
    });
  }

  it("answers an unknown address with Page not found for a signed-out visitor, not the sign-in screen (issue 48)", async () => {
    await showAppLanguage("en");
    const router = renderAt("/no-such-page?x=1");
    await screen.findByRole("heading", { level: 1, name: "Page not found" }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe("/no-such-page");
    expect(screen.getByRole("link", { name: "Go to the sign-in page" }).getAttribute("href")).toBe("/login");
    await waitFor(() => expect(document.title).toBe("Page not found · Gatehouse"));
  });
});
