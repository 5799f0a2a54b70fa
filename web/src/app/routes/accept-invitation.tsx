import type { ReactElement } from "react";
import { useParams } from "react-router";
import { AcceptInvitationCard } from "../../features/organization/components/accept-invitation-card.js";

/** /accept-invitation/:id: the link of the invitation mail, behind the same session guard as every page. */
export function AcceptInvitationPage(): ReactElement {
  const { id = "" } = useParams();
  return (
    <article className="page">
      <h1>Invitation</h1>
      <AcceptInvitationCard key={id} invitationId={id} />
    </article>
  );
}
