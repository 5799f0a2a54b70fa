import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { useNavigate } from "react-router";
import { ActionStatus, formatDateTime } from "../../../components/ui.js";
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

  if (invitation.isPending) return <p role="status">Loading the invitation…</p>;
  if (invitation.isError) {
    return (
      <section className="card" aria-labelledby="invitation-heading">
        <h2 id="invitation-heading">This invitation cannot be used</h2>
        <p className="notice error" role="alert">
          {organizationActionError(invitation.error)}
        </p>
        <p className="muted">
          It may have expired, been cancelled or answered already, or it was sent to another email address than the one you are signed in with.
        </p>
      </section>
    );
  }
  const detail = invitation.data;
  return (
    <section className="card" aria-labelledby="invitation-heading">
      <h2 id="invitation-heading">Join {detail.organizationName}</h2>
      <p>
        {detail.inviterEmail} invited you ({detail.email}) to join <strong>{detail.organizationName}</strong> as <RoleBadges role={detail.role} />.
      </p>
      <p className="muted small">The invitation works until {formatDateTime(detail.expiresAt)}.</p>
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => accept.mutate({ invitationId }, { onSuccess: () => (onAccepted ? onAccepted() : void navigate("/users")) })}
        >
          Accept invitation
        </button>
        <ConfirmButton
          label="Decline"
          className="secondary"
          disabled={busy}
          title={`Decline the invitation to ${detail.organizationName}?`}
          confirmLabel="Decline invitation"
          onConfirm={() => reject.mutate({ invitationId }, { onSuccess: () => void navigate("/users") })}
        >
          <p>The link stops working. To join later, someone in {detail.organizationName} has to invite you again.</p>
        </ConfirmButton>
      </div>
      <ActionStatus mutation={accept} pending="Joining…" success="You joined the organization." errorMessage={organizationActionError} />
      <ActionStatus mutation={reject} pending="Declining…" success="Invitation declined." errorMessage={organizationActionError} />
    </section>
  );
}
