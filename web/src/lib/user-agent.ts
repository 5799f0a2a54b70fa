import { userAgentParts } from "@gatehouse/auth-core/shared";
import { i18n } from "./i18n.js";

/**
 * "Chrome on macOS" in the shown language, from auth-core's reading of the User-Agent (the same
 * rules name a new passkey, in English, on the server). Signed-in pages only: the words are in
 * the signed-in catalogs.
 */
export function describeUserAgent(userAgent: string | null): string {
  const parts = userAgentParts(userAgent);
  if (!parts) return i18n._("device.unknown");
  const browser = parts.browser ?? i18n._("device.browser");
  return parts.os ? i18n._("device.onOs", { browser, os: parts.os }) : browser;
}
