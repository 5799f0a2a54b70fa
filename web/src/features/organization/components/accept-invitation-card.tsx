import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { useNavigate } from "react-router";
import { ActionStatus, formatDateTime, richText } from "../../../components/ui.js";
import { useTranslation } from "../../../lib/i18n.js";
import { useAcceptInvitation } from "../api/accept-invitation.js";
import { useInvitation } from "../api/get-invitation.js";
import { organizationActionError } from "../api/organization-request.js";
import { useRejectInvitation } from "../api/reject-invitation.js";
import { RoleBadges } from "./role-badges.js";

/**
 * The mailed link's page: the invitation (only the invited address may see it), Accept or
 * Decline; either way the person ends on /users (accepting makes the organization active).
 */
export function AcceptInvitationCard({ invitationId, onAccepted }: { invitationId: string; onAccepted?: () => void }): ReactElement {
  const invitation = useInvitation(invitationId);
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const navigate = useNavigate();
  const busy = accept.isPending || reject.isPending;
  const { t } = useTranslation();

  if (invitation.isPending) return <p role="status">{t("acceptInvitation.loading")}</p>;
  if (invitation.isError) {
    return (
      <section className="card" aria-labelledby="invitation-heading">
        <h2 id="invitation-heading">{t("acceptInvitation.unusable.heading")}</h2>
        <p className="notice error" role="alert">
          {organizationActionError(invitation.error)}
        </p>
        <p className="muted">{t("acceptInvitation.unusable.body")}</p>
      </section>
    );
  }
  const detail = invitation.data;
  return (
    <section className="card" aria-labelledby="invitation-heading">
      <h2 id="invitation-heading">{t("acceptInvitation.heading", { name: detail.organizationName })}</h2>
      <p>
        {richText(t("acceptInvitation.body", { inviter: detail.inviterEmail, email: detail.email, name: detail.organizationName }), (words, index) =>
          index === 0 ? <strong>{words}</strong> : <RoleBadges role={detail.role} />,
        )}
      </p>
      <p className="muted small">{t("acceptInvitation.until", { date: formatDateTime(detail.expiresAt) })}</p>
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => accept.mutate({ invitationId }, { onSuccess: () => (onAccepted ? onAccepted() : void navigate("/users")) })}
        >
          {t("acceptInvitation.accept")}
        </button>
        <ConfirmButton
          label={t("acceptInvitation.decline")}
          className="secondary"
          disabled={busy}
          title={t("acceptInvitation.decline.title", { name: detail.organizationName })}
          confirmLabel={t("acceptInvitation.decline.confirm")}
          onConfirm={() => reject.mutate({ invitationId }, { onSuccess: () => void navigate("/users") })}
        >
          <p>{t("acceptInvitation.decline.body", { name: detail.organizationName })}</p>
        </ConfirmButton>
      </div>
      <ActionStatus mutation={accept} pending={t("acceptInvitation.joining")} success={t("acceptInvitation.joined")} errorMessage={organizationActionError} />
      <ActionStatus
        mutation={reject}
        pending={t("acceptInvitation.declining")}
        success={t("acceptInvitation.declined")}
        errorMessage={organizationActionError}
      />
    </section>
  );
}
