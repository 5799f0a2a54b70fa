import type { ReactElement } from "react";
import { parseRoles } from "@gatehouse/auth-core/shared";
import { translate } from "../../../components/ui.js";
import type { MessageId } from "../../../lib/i18n.js";

/** A role's name in the shown language (`role.owner`: "owner"); a custom role keeps its own. */
export function roleLabel(role: string): string {
  const id = `role.${role}`;
  const label = translate(id as MessageId);
  return label === id ? role : label;
}

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
