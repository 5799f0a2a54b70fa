import { useState, type ReactElement } from "react";
import { useNavigate, useParams } from "react-router";
import { useLinkedAccounts } from "../../features/accounts/api/list-accounts.js";
import { AcceptInvitationCard } from "../../features/organization/components/accept-invitation-card.js";
import { usePasskeys } from "../../features/passkeys/api/list-passkeys.js";
import { AddPasskeyPrompt } from "../../features/passkeys/components/add-passkey-prompt.js";

/**
 * /accept-invitation/:id: the link of the invitation mail, behind the same session guard as every
 * page. After accepting, a person with no way back in (no passkey, no linked provider, no
 * password: an account made from the emailed invitation link) is asked to add a passkey; everyone
 * else goes on to /users.
 */
export function AcceptInvitationPage(): ReactElement {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const passkeys = usePasskeys();
  const accounts = useLinkedAccounts();
  const hasWayBack = (passkeys.data?.length ?? 0) > 0 || (accounts.data?.length ?? 0) > 0;
  const [askForPasskey, setAskForPasskey] = useState(false);
  const toUsers = (): void => void navigate("/users");
  return (
    <article className="page">
      <h1>Invitation</h1>
      {askForPasskey ? (
        <AddPasskeyPrompt onDone={toUsers} />
      ) : (
        <AcceptInvitationCard key={id} invitationId={id} onAccepted={() => (hasWayBack ? toUsers() : setAskForPasskey(true))} />
      )}
    </article>
  );
}
