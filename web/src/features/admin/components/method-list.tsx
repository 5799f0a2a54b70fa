import type { ReactElement } from "react";
import { translate } from "../../../components/ui.js";
import type { MessageId } from "../../../lib/i18n.js";

/** A sign-in method's name in the shown language (`method.password`), else the id capitalised ("github" → "Github"). */
export function methodName(method: string): string {
  const id = `method.${method}`;
  const name = translate(id as MessageId);
  return name === id ? method.charAt(0).toUpperCase() + method.slice(1) : name;
}

/** How a person signs in: "Password, Google" or a dash. */
export function MethodList({ methods }: { methods: string[] }): ReactElement {
  return <>{methods.length === 0 ? "—" : methods.map(methodName).join(", ")}</>;
}
