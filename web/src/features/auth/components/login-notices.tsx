import type { ReactElement } from "react";
import { OutcomeNotice } from "../../../components/outcome-notice.js";
import { InvitationPanel } from "./invitation-panel.js";

/** "/accept-invitation/abc" → "abc": the invitation a /login redirect is on its way to, if any. */
function invitationIdOf(destination: string): string | null {
  return /^\/accept-invitation\/([^/?#]+)/.exec(destination)?.[1] ?? null;
}

/**
 * What /login tells beside its buttons: the outcome the address brought back, and the
 * invitation its redirect leads to. One chunk, loaded after the screen's first paint.
 */
export function LoginNotices({ destination, onInvitedEmail }: { destination: string; onInvitedEmail: (email: string) => void }): ReactElement {
  const invitationId = invitationIdOf(destination);
  return (
    <>
      <OutcomeNotice />
      {invitationId && <InvitationPanel invitationId={invitationId} onInvitedEmail={onInvitedEmail} />}
    </>
  );
}
