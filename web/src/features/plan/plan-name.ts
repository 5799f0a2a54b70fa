import type { PlanId } from "@gatehouse/server/shared";
import type { Translate } from "../../lib/i18n.js";

/** A plan's name in the shown language ("Free", "Team", "Business" in English): the server's names are its English ones. */
export function planName(t: Translate, plan: PlanId): string {
  return t(`plan.name.${plan}`);
}
