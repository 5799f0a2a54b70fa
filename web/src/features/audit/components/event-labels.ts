import type { AuditEventType, AuditOutcome } from "@gatehouse/auth-core/shared";
import { AUDIT_EVENT_LABELS } from "@gatehouse/server/shared";

/** The shared vocabulary's label ("Signed in"), or the raw kind for one this build does not know. */
export function eventLabel(type: string): string {
  return AUDIT_EVENT_LABELS[type as AuditEventType] ?? type;
}

const METHOD_LABELS: Record<string, string> = {
  password: "Password",
  passkey: "Passkey",
  anonymous: "Guest",
  "email-link": "Email link",
  "magic-link": "Sign-in link",
  "email-otp": "Sign-in code",
  google: "Google",
  "api-key": "API key",
  totp: "Authenticator app",
  otp: "Mailed code",
  "backup-code": "Backup code",
};

/** "passkey" → "Passkey"; a provider id without a label is capitalised ("github" → "Github"). */
export function methodLabel(method: string | null): string {
  if (!method) return "—";
  return METHOD_LABELS[method] ?? method.charAt(0).toUpperCase() + method.slice(1);
}

export function outcomeLabel(outcome: AuditOutcome): string {
  return outcome === "success" ? "Succeeded" : "Failed";
}

/** The methods the filters offer: the ones that are not providers, then the enabled provider. */
export const FILTER_METHODS = ["password", "passkey", "google", "anonymous", "email-link"] as const;
