import type { ReactElement } from "react";
import { parseRoles } from "@gatehouse/auth-core/shared";
import { roleLabel } from "../../../components/ui.js";

/** A stored role ("admin,member") as one badge per role. */
export function RoleBadges({ role }: { role: string }): ReactElement {
  return (
    <span className="role-badges">
      {parseRoles(role).map((name) => (
        <span key={name} className={`badge role-${name}`}>
          {roleLabel(name)}
        </span>
      ))}
    </span>
  );
}
