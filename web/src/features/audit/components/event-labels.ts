import type { AuditEventType, AuditOutcome } from "@gatehouse/auth-core/shared";
import { AUDIT_EVENT_LABELS } from "@gatehouse/server/shared";
import { type MessageId } from "../../../lib/i18n.js";
import { translate } from "../../../components/ui.js";

/** The catalog's message for an id made from data, or null when the catalog has none (Lingui answers the id). */
function known(id: string): string | null {
  const text = translate(id as MessageId);
  return text === id ? null : text;
}

/**
 * The shared vocabulary's label in the shown language (`event.sign-in`: "Signed in"), else the
 * server's English label, else the raw kind for one this build does not know.
 */
export function eventLabel(type: string): string {
  return known(`event.${type}`) ?? AUDIT_EVENT_LABELS[type as AuditEventType] ?? type;
}

/** "passkey" → "Passkey"; a provider id without a label is capitalised ("github" → "Github"). */
export function methodLabel(method: string | null): string {
  if (!method) return "—";
  return known(`method.${method}`) ?? method.charAt(0).toUpperCase() + method.slice(1);
}

export function outcomeLabel(outcome: AuditOutcome): string {
  return outcome === "success" ? translate("outcome.success") : translate("outcome.failure");
}

/** The methods the filters offer: the ones that are not providers, then the enabled provider. */
export const FILTER_METHODS = ["password", "passkey", "google", "anonymous", "email-link"] as const;
