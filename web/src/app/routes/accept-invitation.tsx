import { useTranslation } from "../../lib/i18n.js";
import { useState, type ReactElement } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { useAuthClient } from "../../lib/auth-client.js";
import { getAccountsQueryOptions, useLinkedAccounts } from "../../features/accounts/api/list-accounts.js";
import { AcceptInvitationCard } from "../../features/organization/components/accept-invitation-card.js";
import { getPasskeysQueryOptions, usePasskeys } from "../../features/passkeys/api/list-passkeys.js";
import { AddPasskeyPrompt } from "../../features/passkeys/components/add-passkey-prompt.js";

/**
 * /accept-invitation/:id: the link of the invitation mail, behind the same session guard as every
 * page. After accepting, a person with no way back in (no passkey, no linked provider, no
 * password: an account made from the emailed invitation link) is asked to add a passkey; everyone
 * else goes on to /users. Whether there is a way back is asked once the invitation is accepted,
 * waiting for the two lists if they are still loading (a person who signed in with Google and
 * accepted at once was told they had joined "with a link from your mailbox"); if either list
 * cannot be read, the person goes on (Settings offers a passkey later).
 */
export function AcceptInvitationPage(): ReactElement {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useAuthClient();
  // Asked for as the page opens, so that the answer is usually there by the time of accepting.
  usePasskeys();
  useLinkedAccounts();
  const [askForPasskey, setAskForPasskey] = useState(false);
  const { t } = useTranslation();
  const toUsers = (): void => void navigate("/users");
  const afterAccepting = async (): Promise<void> => {
    const hasWayBack = await Promise.all([
      queryClient.ensureQueryData(getPasskeysQueryOptions(client)),
      queryClient.ensureQueryData(getAccountsQueryOptions(client)),
    ]).then(
      ([passkeys, accounts]) => passkeys.length > 0 || accounts.length > 0,
      () => true,
    );
    if (hasWayBack) toUsers();
    else setAskForPasskey(true);
  };
  return (
    <article className="page">
      <h1>{t("acceptInvitation.pageHeading")}</h1>
      {askForPasskey ? <AddPasskeyPrompt onDone={toUsers} /> : <AcceptInvitationCard key={id} invitationId={id} onAccepted={() => void afterAccepting()} />}
    </article>
  );
}
