import type { ReactElement } from "react";
import type { AuditOutcome } from "@gatehouse/auth-core/shared";
import { outcomeLabel } from "./event-labels.js";

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }): ReactElement {
  return <span className={`badge ${outcome === "success" ? "ok" : "fail"}`}>{outcomeLabel(outcome)}</span>;
}
