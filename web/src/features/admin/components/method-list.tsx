import type { ReactElement } from "react";

const LABELS: Record<string, string> = { password: "Password", passkey: "Passkey", google: "Google", anonymous: "Guest" };

export function methodName(method: string): string {
  return LABELS[method] ?? method.charAt(0).toUpperCase() + method.slice(1);
}

/** How a person signs in: "Password, Google" or a dash. */
export function MethodList({ methods }: { methods: string[] }): ReactElement {
  return <>{methods.length === 0 ? "—" : methods.map(methodName).join(", ")}</>;
}
