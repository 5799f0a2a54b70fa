import type { ReactElement } from "react";
import { endStop } from "../../../lib/text.js";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import type { WireMemberWithUser, WireOrganization } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useLeaveOrganization } from "../api/leave-organization.js";
import { organizationActionError } from "../api/organization-request.js";
import { RoleBadges } from "./role-badges.js";

/**
 * The viewer's own membership and the way out (the server refuses the last owner, spec §6). Also
 * shown to a member the organization's two-factor rule stops: leaving stays open to them.
 */
export function LeaveSection({
  organization,
  viewer,
}: {
  organization: Pick<WireOrganization, "id" | "name">;
  viewer: Pick<WireMemberWithUser, "role">;
}): ReactElement {
  const leave = useLeaveOrganization();
  return (
    <Section id="membership" title="Your membership">
      <div className="row">
        <p className="grow">
          You are <RoleBadges role={viewer.role} /> in <strong>{organization.name}</strong>
          {endStop(organization.name)}
        </p>
        <ConfirmButton
          label="Leave organization"
          disabled={leave.isPending}
          title={`Leave ${organization.name}?`}
          confirmLabel="Leave organization"
          onConfirm={() => leave.mutate({ organizationId: organization.id })}
        >
          <p>You lose access to {organization.name}, its members, teams and reports at once. To come back, someone there has to invite you again.</p>
        </ConfirmButton>
      </div>
      <ActionStatus mutation={leave} pending="Leaving…" success="You left the organization." errorMessage={organizationActionError} />
    </Section>
  );
}
