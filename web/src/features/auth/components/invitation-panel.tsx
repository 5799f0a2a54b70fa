import { useEffect, type ReactElement } from "react";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { useInvitationPreview, useRequestInvitationSignUp } from "../api/invitation-sign-up.js";
import { useTranslation } from "../../../lib/i18n.js";

function formatDate(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(language, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The invitation link opened signed out: who invites whom to what, until when; then
 * the sign-in methods below, or an account for the invited address through a mailed link.
 */
export function InvitationPanel({ invitationId, onInvitedEmail }: { invitationId: string; onInvitedEmail: (email: string) => void }): ReactElement | null {
  const preview = useInvitationPreview(invitationId);
  const request = useRequestInvitationSignUp();
  const { t, language } = useTranslation();
  // The sign-in form below asks for the invited address: it is filled in (issue 48).
  const invited = preview.data?.email;
  useEffect(() => {
    if (invited) onInvitedEmail(invited);
  }, [invited, onInvitedEmail]);
  if (preview.isPending)
    return (
      <p className="muted" role="status">
        {t("invite.loading")}
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
        {t("invite.heading", { organization: invitation.organizationName })}
      </h2>
      <p>
        {t("invite.who", {
          inviter: invitation.inviterName,
          inviterEmail: invitation.inviterEmail,
          email: invitation.email,
          organization: invitation.organizationName,
          role: invitation.role,
        })}
      </p>
      <p className="hint">{t("invite.until", { date: formatDate(invitation.expiresAt, language) })}</p>
      {request.isSuccess ? (
        <p className="notice success" role="status">
          {t("invite.sent", { email: invitation.email })}
        </p>
      ) : (
        <>
          <button type="button" className="wide secondary" disabled={request.isPending} onClick={() => request.mutate({ invitationId })}>
            {request.isPending ? t("common.sending") : t("invite.create", { email: invitation.email })}
          </button>
          <p className="hint">{t("invite.createHint")}</p>
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
