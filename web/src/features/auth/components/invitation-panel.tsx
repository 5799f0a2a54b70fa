import { useEffect, type ReactElement } from "react";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { useInvitationPreview, useRequestInvitationSignUp } from "../api/invitation-sign-up.js";

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The invitation link opened signed out: who invites whom to what, until when; then
 * the sign-in methods below, or an account for the invited address through a mailed link.
 */
export function InvitationPanel({ invitationId, onInvitedEmail }: { invitationId: string; onInvitedEmail: (email: string) => void }): ReactElement | null {
  const preview = useInvitationPreview(invitationId);
  const request = useRequestInvitationSignUp();
  // The sign-in form below asks for the invited address: it is filled in (issue 48).
  const invited = preview.data?.email;
  useEffect(() => {
    if (invited) onInvitedEmail(invited);
  }, [invited, onInvitedEmail]);
  if (preview.isPending)
    return (
      <p className="muted" role="status">
        Loading the invitation…
      </p>
    );
  if (preview.isError)
    return (
      <p className="notice error" role="alert">
        {actionErrorMessage(preview.error)}
      </p>
    );
  const invitation = preview.data;
  return (
    <section className="invitation-panel stack" aria-labelledby="invitation-panel-heading">
      <h2 id="invitation-panel-heading" className="login-subheading">
        Join {invitation.organizationName}
      </h2>
      <p>
        {invitation.inviterName} ({invitation.inviterEmail}) invited <strong>{invitation.email}</strong> to join <strong>{invitation.organizationName}</strong>{" "}
        as {invitation.role}.
      </p>
      <p className="hint">The invitation works until {formatDate(invitation.expiresAt)}. Sign in with that address below to answer it.</p>
      {request.isSuccess ? (
        <p className="notice success" role="status">
          Check {invitation.email}: we sent a link that creates your account and opens the invitation. It works once, for 30 minutes.
        </p>
      ) : (
        <>
          <button type="button" className="wide secondary" disabled={request.isPending} onClick={() => request.mutate({ invitationId })}>
            {request.isPending ? "Sending…" : `Create an account for ${invitation.email}`}
          </button>
          <p className="hint">No account yet? We mail a one-time link to that address; following it creates your account.</p>
        </>
      )}
      {request.isError && (
        <p className="notice error" role="alert">
          {actionErrorMessage(request.error)}
        </p>
      )}
    </section>
  );
}
