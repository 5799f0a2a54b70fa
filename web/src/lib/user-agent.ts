/** The "Browser on OS" label lives with auth-core's browser-safe rules: a new passkey is named by it too. */
export { describeUserAgent } from "@gatehouse/auth-core/shared";
