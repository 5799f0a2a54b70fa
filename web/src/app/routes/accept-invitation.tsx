import { useState, type ReactElement } from "react";
import { useNavigate, useParams } from "react-router";
import { AcceptInvitationCard } from "../../features/organization/components/accept-invitation-card.js";
import { usePasskeys } from "../../features/passkeys/api/list-passkeys.js";
import { AddPasskeyPrompt } from "../../features/passkeys/components/add-passkey-prompt.js";

/**
 * /accept-invitation/:id: the link of the invitation mail, behind the same session guard as every
 * page. After accepting, a person without a passkey is asked to add one (issue 21: an account
 * made from an emailed link has no other way back in); everyone else goes on to /users.
 */
export function AcceptInvitationPage(): ReactElement {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const passkeys = usePasskeys();
  const [askForPasskey, setAskForPasskey] = useState(false);
  const toUsers = (): void => void navigate("/users");
  return (
    <article className="page">
      <h1>Invitation</h1>
      {askForPasskey ? (
        <AddPasskeyPrompt onDone={toUsers} />
      ) : (
        <AcceptInvitationCard key={id} invitationId={id} onAccepted={() => ((passkeys.data?.length ?? 0) > 0 ? toUsers() : setAskForPasskey(true))} />
      )}
    </article>
  );
}
