/**
 * A short "Browser on OS" label from a User-Agent string, in English; "Unknown device" without
 * one. The name of a new passkey given none (passkey/passkey-name.ts); the web app composes the
 * same parts in the shown language (web/src/lib/user-agent.ts).
 */
export function describeUserAgent(userAgent: string | null): string {
  const parts = userAgentParts(userAgent);
  if (!parts) return "Unknown device";
  const browser = parts.browser ?? "Browser";
  return parts.os ? `${browser} on ${parts.os}` : browser;
}

/**
 * The browser and operating system a User-Agent names (null for one it does not), or null without
 * a User-Agent: the parts the web app composes in the shown language.
 */
export function userAgentParts(userAgent: string | null): { browser: string | null; os: string | null } | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\/|Opera/.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /HeadlessChrome\//.test(userAgent)
          ? "Headless Chrome"
          : /Chrome\/|Chromium\//.test(userAgent)
            ? "Chrome"
            : /Safari\//.test(userAgent)
              ? "Safari"
              : /curl\//.test(userAgent)
                ? "curl"
                : null;
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad|iPod/.test(userAgent)
        ? "iOS"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return { browser, os };
}
