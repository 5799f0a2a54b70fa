import type { ReactElement } from "react";
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
          <button type="button" className="secondary" disabled={busy} onClick={() => onRevoke(session.token)} aria-label={`Revoke ${device} session`}>
            Revoke
          </button>
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
        <button type="button" className="secondary" disabled={others.isPending} onClick={() => others.mutate()}>
          Revoke other sessions
        </button>
        <button type="button" className="danger" disabled={all.isPending} onClick={() => all.mutate()}>
          Revoke all sessions
        </button>
      </div>
      <ActionStatus mutation={revoke} pending="Revoking…" success="Session revoked." />
      <ActionStatus mutation={others} pending="Revoking other sessions…" success="Every other session is signed out." />
      <ActionStatus mutation={all} pending="Signing out everywhere…" success="Signed out everywhere." />
    </Section>
  );
}
