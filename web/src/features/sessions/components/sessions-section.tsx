import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import type { WireSession } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useSessions } from "../api/list-sessions.js";
import { useRevokeAllSessions, useRevokeOtherSessions, useRevokeSession } from "../api/revoke-sessions.js";
import { describeUserAgent } from "../../../lib/user-agent.js";
import { useTranslation } from "../../../lib/i18n.js";

interface SessionRowProps {
  session: WireSession;
  current: boolean;
  onRevoke: (token: string) => void;
  busy: boolean;
}

function SessionRow({ session, current, onRevoke, busy }: SessionRowProps): ReactElement {
  const device = describeUserAgent(session.userAgent);
  const { t } = useTranslation();
  return (
    <li className="item" data-current={current || undefined}>
      <div className="row">
        <div className="grow">
          <strong>{device}</strong> {current && <span className="badge ok">{t("sessions.thisDevice")}</span>}
          <div className="muted small">
            {t("sessions.times", { signedIn: formatDateTime(session.createdAt), active: formatDateTime(session.updatedAt) })}
            {session.ipAddress ? ` · ${session.ipAddress}` : ""}
          </div>
        </div>
        {!current && (
          <ConfirmButton
            label={t("sessions.revoke")}
            className="secondary"
            ariaLabel={t("sessions.revokeNamed", { device })}
            disabled={busy}
            title={t("sessions.revoke.title", { device })}
            confirmLabel={t("sessions.revoke.confirm")}
            onConfirm={() => onRevoke(session.token)}
          >
            <p>{t("sessions.revoke.body")}</p>
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
  const { t } = useTranslation();
  // This device first, then the most recently active.
  const list = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.id === currentSessionId) - Number(a.id === currentSessionId) || Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );
  return (
    <Section id="sessions" title={t("sessions.heading")} description={t("sessions.description")}>
      {sessions.isPending ? (
        <p role="status">{t("sessions.loading")}</p>
      ) : (
        <ul className="list" aria-label={t("sessions.list")}>
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
          label={t("sessions.others")}
          className="secondary"
          disabled={others.isPending}
          title={t("sessions.others.title")}
          confirmLabel={t("sessions.others")}
          onConfirm={() => others.mutate()}
        >
          <p>{t("sessions.others.body")}</p>
        </ConfirmButton>
        <ConfirmButton
          label={t("sessions.all")}
          disabled={all.isPending}
          title={t("sessions.all.title")}
          confirmLabel={t("sessions.all")}
          onConfirm={() => all.mutate()}
        >
          <p>{t("sessions.all.body")}</p>
        </ConfirmButton>
      </div>
      <ActionStatus mutation={revoke} pending={t("sessions.revoking")} success={t("sessions.revoked")} />
      <ActionStatus mutation={others} pending={t("sessions.others.pending")} success={t("sessions.others.done")} />
      <ActionStatus mutation={all} pending={t("sessions.all.pending")} success={t("sessions.all.done")} />
    </Section>
  );
}
