/** Browser-safe pure functions and data shared with the web app. No node: or database imports. */
export { isSafeRelativePath, isTrustedURL, matchesOriginPattern, originOf } from "./trusted-url.js";
export { loginRedirectTarget, sanitizeRedirect } from "./redirect.js";
export * from "./access-control.js";
export type * from "./wire-types.js";
export * from "./audit-events.js";
export { isValidOrganizationSlug, ORGANIZATION_SLUG_MAX, ORGANIZATION_SLUG_MIN, slugFromName } from "./organization-slug.js";
export * from "./admin-roles.js";
export { describeUserAgent, userAgentParts } from "./user-agent.js";
