// Writes web/public/provider-marks/<provider id>.svg: the mark on each provider's sign-in and
// link buttons, served as a static image so that no mark is in /login's JavaScript.
//
// Sources (docs/web.md, "Provider marks"):
// - Simple Icons (CC0; each mark stays its owner's trademark, used here only to name the provider
//   on its own sign-in button), drawn in the brand colour, or black where the brand colour is too
//   light to see on the white button (contrast below 2:1);
// - Google's multicolour "G" and Microsoft's four squares, the marks those providers publish for
//   their sign-in buttons (Simple Icons has no Microsoft mark and only a one-colour Google one);
// - the provider's initial in a grey circle where neither has a mark (Simple Icons removed them
//   at the brands' request).
//
// Run after adding a provider or updating simple-icons: npm run marks -w web
import { mkdirSync, writeFileSync } from "node:fs";
import * as icons from "simple-icons";

const OUT = new URL("../public/provider-marks/", import.meta.url);

/** Provider id (server/src/providers/provider-table.ts) → Simple Icons export. */
const FROM_SIMPLE_ICONS = {
  apple: icons.siApple,
  atlassian: icons.siAtlassian,
  discord: icons.siDiscord,
  dropbox: icons.siDropbox,
  facebook: icons.siFacebook,
  figma: icons.siFigma,
  github: icons.siGithub,
  gitlab: icons.siGitlab,
  huggingface: icons.siHuggingface,
  // Kakao Login's mark is KakaoTalk's speech bubble.
  kakao: icons.siKakaotalk,
  kick: icons.siKick,
  line: icons.siLine,
  linear: icons.siLinear,
  naver: icons.siNaver,
  notion: icons.siNotion,
  paypal: icons.siPaypal,
  reddit: icons.siReddit,
  roblox: icons.siRoblox,
  spotify: icons.siSpotify,
  tiktok: icons.siTiktok,
  twitch: icons.siTwitch,
  twitter: icons.siX,
  vk: icons.siVk,
  zoom: icons.siZoom,
};

const PUBLISHED = {
  // Google's standard colour "G" (Sign in with Google branding guidelines).
  google:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">' +
    '<path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"/>' +
    '<path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"/>' +
    '<path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"/>' +
    '<path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"/>' +
    "</svg>\n",
  // Microsoft's four squares (Microsoft identity platform sign-in branding guidelines).
  microsoft:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21">' +
    '<rect x="1" y="1" width="9" height="9" fill="#F25022"/><rect x="11" y="1" width="9" height="9" fill="#7FBA00"/>' +
    '<rect x="1" y="11" width="9" height="9" fill="#00A4EF"/><rect x="11" y="11" width="9" height="9" fill="#FFB900"/>' +
    "</svg>\n",
};

/** Providers without a mark from either source: their initial. */
const INITIAL = { cognito: "A", linkedin: "L", salesforce: "S", slack: "S" };

/** WCAG contrast ratio of a #rrggbb colour against white. */
function contrastOnWhite(hex) {
  const channel = (i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return 1.05 / (luminance + 0.05);
}

function fromSimpleIcons(icon) {
  const fill = contrastOnWhite(icon.hex) >= 2 ? `#${icon.hex}` : "#000000";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${fill}" d="${icon.path}"/></svg>\n`;
}

function initial(letter) {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="#5B6470"/>' +
    `<text x="12" y="16.5" text-anchor="middle" font-family="system-ui, sans-serif" font-size="13" font-weight="600" fill="#FFFFFF">${letter}</text></svg>\n`
  );
}

mkdirSync(OUT, { recursive: true });
const files = {
  ...Object.fromEntries(Object.entries(FROM_SIMPLE_ICONS).map(([id, icon]) => [id, fromSimpleIcons(icon)])),
  ...PUBLISHED,
  ...Object.fromEntries(Object.entries(INITIAL).map(([id, letter]) => [id, initial(letter)])),
};
for (const [id, svg] of Object.entries(files)) writeFileSync(new URL(`${id}.svg`, OUT), svg);
console.log(`wrote ${Object.keys(files).length} provider marks to ${OUT.pathname}`);
