import type { ReactElement } from "react";
import { richText } from "../../../components/ui.js";
import { endStop } from "../../../lib/text.js";
import { useTranslation } from "../../../lib/i18n.js";
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
  const { t } = useTranslation();
  const soleOwner = isOwner(viewer.role) && organization.members !== undefined && organization.members.filter((member) => isOwner(member.role)).length === 1;
  return (
    <Section id="membership" title={t("membership.heading")}>
      <div className="row">
        <p className="grow">
          {richText(t("membership.youAre", { name: organization.name }), (part, index) =>
            index === 0 ? <RoleBadges role={viewer.role} /> : <strong>{part}</strong>,
          )}
          {/* A sentence that ends in the name closes after it, unless the name has its own period ("Co."). */}
          {t("membership.youAre", { name: organization.name }).endsWith("</1>") && endStop(organization.name)}
        </p>
        {!soleOwner && (
          <ConfirmButton
            label={t("membership.leave")}
            disabled={leave.isPending}
            title={t("membership.leave.title", { name: organization.name })}
            confirmLabel={t("membership.leave")}
            onConfirm={() => leave.mutate({ organizationId: organization.id })}
          >
            <p>{t("membership.leave.body", { name: organization.name })}</p>
          </ConfirmButton>
        )}
      </div>
      {soleOwner && <p className="muted">{t("membership.soleOwner")}</p>}
      <ActionStatus mutation={leave} pending={t("membership.leaving")} success={t("membership.left")} errorMessage={organizationActionError} />
    </Section>
  );
}
