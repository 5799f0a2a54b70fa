import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import type { WireSession } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useSessions } from "../api/list-sessions.js";
import { useRevokeAllSessions, useRevokeOtherSessions, useRevokeSession } from "../api/revoke-sessions.js";
import { describeUserAgent } from "../../../lib/user-agent.js";

interface SessionRowProps {
  session: WireSession;
  current: boolean;
  onRevoke: (token: string) => void;
  busy: boolean;
}

function SessionRow({ session, current, onRevoke, busy }: SessionRowProps): ReactElement {
  const device = describeUserAgent(session.userAgent);
  return (
    <li className="item" data-current={current || undefined}>
      <div className="row">
        <div className="grow">
          <strong>{device}</strong> {current && <span className="badge ok">This device</span>}
          <div className="muted small">
            Signed in {formatDateTime(session.createdAt)} · last active {formatDateTime(session.updatedAt)}
            {session.ipAddress ? ` · ${session.ipAddress}` : ""}
          </div>
        </div>
        {!current && (
          <ConfirmButton
            label="Revoke"
            className="secondary"
            ariaLabel={`Revoke ${device} session`}
            disabled={busy}
            title={`Sign out ${device}?`}
            confirmLabel="Revoke session"
            onConfirm={() => onRevoke(session.token)}
          >
            <p>That device is signed out at once and has to sign in again to come back.</p>
          </ConfirmButton>
        )}
      </div>
    </li>
  );
}

/** Sessions: this device marked; revoke one, the others, or all. */
export function SessionsSection({ currentSessionId }: { currentSessionId: string }): ReactElement {
  const sessions = useSessions();
  // The status lives here: the revoked row itself disappears from the list.
  const revoke = useRevokeSession();
  const others = useRevokeOtherSessions();
  const all = useRevokeAllSessions();
  // This device first, then the most recently active.
  const list = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.id === currentSessionId) - Number(a.id === currentSessionId) || Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );
  return (
    <Section id="sessions" title="Sessions" description="Where you are signed in.">
      {sessions.isPending ? (
        <p role="status">Loading sessions…</p>
      ) : (
        <ul className="list" aria-label="Active sessions">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              current={session.id === currentSessionId}
              busy={revoke.isPending}
              onRevoke={(token) => revoke.mutate({ token })}
            />
          ))}
        </ul>
      )}
      <div className="actions">
        <ConfirmButton
          label="Revoke other sessions"
          className="secondary"
          disabled={others.isPending}
          title="Sign out every other session?"
          confirmLabel="Revoke other sessions"
          onConfirm={() => others.mutate()}
        >
          <p>Every device but this one is signed out at once. You stay signed in here.</p>
        </ConfirmButton>
        <ConfirmButton
          label="Revoke all sessions"
          disabled={all.isPending}
          title="Sign out everywhere?"
          confirmLabel="Revoke all sessions"
          onConfirm={() => all.mutate()}
        >
          <p>Every session is signed out, this one included: you go back to the sign-in page.</p>
        </ConfirmButton>
      </div>
      <ActionStatus mutation={revoke} pending="Revoking…" success="Session revoked." />
      <ActionStatus mutation={others} pending="Revoking other sessions…" success="Every other session is signed out." />
      <ActionStatus mutation={all} pending="Signing out everywhere…" success="Signed out everywhere." />
    </Section>
  );
}
