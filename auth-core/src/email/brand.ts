import { LANGUAGES, type Language } from "../i18n/catalogue.js";

/** The team's brand in its mails (docs/email.md, "Brand and language"). Every field is optional. */
export interface BrandOptions {
  /** The name mails speak of and sign with; default "Gatehouse". */
  appName?: string;
  /** The logo above every mail: an http(s) address, or a path on the base URL. Default none (the name in text). */
  logoURL?: string | null;
  /** The button colour, `#rgb` or `#rrggbb`; default Gatehouse's blue. The button's text is black or white, whichever reads better. */
  accentColor?: string | null;
  /** "Questions? Write to …" under every mail; default no such line. */
  supportEmail?: string | null;
  /** One line at the very bottom of every mail: a postal address, a legal notice. Default none. */
  footer?: string | null;
  /**
   * The language of a mail that no request of its addressee causes (an invitation, an
   * operator's change); a mail the person's own request causes follows that request. Default "en".
   */
  mailLanguage?: Language;
}

/** An sRGB colour, written as `rgb(r,g,b)` in mails: never a run of six digits (the code rule). */
export interface Colour {
  r: number;
  g: number;
  b: number;
}

export interface MailBrand {
  appName: string;
  /** Absolute. */
  logoURL: string | null;
  accent: Colour;
  /** Black or white, whichever contrasts more with `accent`: for any colour that is 4.58:1 or more (WCAG AA). */
  onAccent: Colour;
  supportEmail: string | null;
  footer: string | null;
  mailLanguage: Language;
}

/** Gatehouse's own blue (the web app's default accent). */
const DEFAULT_ACCENT = "#2456d6";
const WHITE: Colour = { r: 255, g: 255, b: 255 };
const BLACK: Colour = { r: 0, g: 0, b: 0 };

export function parseHexColour(value: string): Colour {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) throw new Error(`brand.accentColor must be #rgb or #rrggbb, got ${JSON.stringify(value)}`);
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join("") : match[1]!;
  return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
}

/** `rgb(36,86,214)`: how a colour is written in a mail. */
export function cssColour(colour: Colour): string {
  return `rgb(${colour.r},${colour.g},${colour.b})`;
}

/** WCAG 2 relative luminance. */
function luminance(colour: Colour): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b);
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Colour, b: Colour): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function resolveLogoURL(logoURL: string | null | undefined, baseURL: string): string | null {
  if (!logoURL) return null;
  const url = new URL(logoURL, baseURL);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("brand.logoURL must be an http(s) address or a path");
  return url.toString();
}

export function resolveBrand(options: BrandOptions | undefined, baseURL: string): MailBrand {
  const accent = parseHexColour(options?.accentColor ?? DEFAULT_ACCENT);
  const mailLanguage = options?.mailLanguage ?? "en";
  if (!(LANGUAGES as readonly string[]).includes(mailLanguage)) throw new Error(`brand.mailLanguage must be one of ${LANGUAGES.join(", ")}`);
  return {
    appName: options?.appName?.trim() || "Gatehouse",
    logoURL: resolveLogoURL(options?.logoURL, baseURL),
    accent,
    onAccent: contrastRatio(accent, WHITE) >= contrastRatio(accent, BLACK) ? WHITE : BLACK,
    supportEmail: options?.supportEmail?.trim() || null,
    footer: options?.footer?.trim() || null,
    mailLanguage,
  };
}

/** The brand of a mail composed without one (the defaults: "Gatehouse", its blue, English). */
export const DEFAULT_BRAND: MailBrand = resolveBrand(undefined, "http://localhost");
