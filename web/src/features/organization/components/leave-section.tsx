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
  organization: Pick<WireOrganization, "id" | "name"> & { members?: ReadonlyArray<Pick<WireMemberWithUser, "role">> };
  viewer: Pick<WireMemberWithUser, "role">;
}): ReactElement {
  const leave = useLeaveOrganization();
  // Issue 48: the only owner was offered Leave and refused after confirming. Now told why at once.
  const isOwner = (role: string): boolean => role.split(",").includes("owner");
  const soleOwner = isOwner(viewer.role) && organization.members !== undefined && organization.members.filter((member) => isOwner(member.role)).length === 1;
  return (
    <Section id="membership" title="Your membership">
      <div className="row">
        <p className="grow">
          You are <RoleBadges role={viewer.role} /> in <strong>{organization.name}</strong>
          {endStop(organization.name)}
        </p>
        {!soleOwner && (
          <ConfirmButton
            label="Leave organization"
            disabled={leave.isPending}
            title={`Leave ${organization.name}?`}
            confirmLabel="Leave organization"
            onConfirm={() => leave.mutate({ organizationId: organization.id })}
          >
            <p>You lose access to {organization.name}, its members, teams and reports at once. To come back, someone there has to invite you again.</p>
          </ConfirmButton>
        )}
      </div>
      {soleOwner && (
        <p className="muted">
          You are the only owner, so you cannot leave: make another member an owner first, or delete the organization in its settings above.
        </p>
      )}
      <ActionStatus mutation={leave} pending="Leaving…" success="You left the organization." errorMessage={organizationActionError} />
    </Section>
  );
}
