/** Relative luminance (WCAG) of #rrggbb. */
function luminance(hex: string): number {
  const channel = (i: number): number => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/**
 * The accent colour on buttons and links, in light and dark mode alike, with black or white text
 * on it, whichever contrasts more. Set through the CSSOM (CSP `style-src 'self'` allows it).
 */
export function applyAccentColour(colour: string, root: HTMLElement = document.documentElement): void {
  const L = luminance(colour);
  root.style.setProperty("--accent", colour);
  root.style.setProperty("--accent-text", (L + 0.05) / 0.05 > 1.05 / (L + 0.05) ? "#000000" : "#ffffff");
}
