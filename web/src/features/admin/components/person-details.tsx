import type { ReactElement } from "react";
import type { AdminPerson } from "@gatehouse/server/shared";
import { ActionStatus, formatDateTime, roleLabel, translate as t } from "../../../components/ui.js";
import { describeUserAgent } from "../../../lib/user-agent.js";
import { adminActionError } from "../api/admin-request.js";
import { useRevokeUserSession } from "../api/revoke-user-sessions.js";
import { MethodList, methodName } from "./method-list.js";
import { BanBadge, RoleBadge } from "./user-status.js";

export function ProfileCard({ person }: { person: AdminPerson }): ReactElement {
  const { user } = person;
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t("profile.heading")}</h2>
      <dl className="facts">
        <dt>{t("admin.users.address")}</dt>
        <dd>
          {user.email}{" "}
          {user.emailVerified ? <span className="badge ok">{t("email.verified")}</span> : <span className="badge warn">{t("email.notVerified")}</span>}
        </dd>
        <dt>{t("admin.users.name")}</dt>
        <dd>{user.name || "—"}</dd>
        <dt>{t("admin.users.role")}</dt>
        <dd>
          <RoleBadge role={user.role} />
        </dd>
        <dt>{t("admin.users.banned")}</dt>
        <dd>
          <BanBadge user={user} />
          {user.banned && user.banReason ? <span className="muted"> — {user.banReason}</span> : null}
        </dd>
        <dt>{t("admin.users.created")}</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>{t("admin.users.lastSignIn")}</dt>
        <dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t("admin.never")}</dd>
        <dt>{t("admin.users.methods")}</dt>
        <dd>
          <MethodList methods={user.methods} />
        </dd>
        <dt>{t("admin.users.id")}</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
      </dl>
    </section>
  );
}

export function SessionsCard({ person }: { person: AdminPerson }): ReactElement {
  const revoke = useRevokeUserSession();
  return (
    <section className="card" aria-labelledby="person-sessions-heading">
      <h2 id="person-sessions-heading">{t("sessions.heading")}</h2>
      {person.sessions.length === 0 ? (
        <p className="muted">{t("admin.person.noSessions")}</p>
      ) : (
        <ul className="list" aria-label={t("admin.person.sessions")}>
          {person.sessions.map((session) => {
            const device = describeUserAgent(session.userAgent);
            return (
              <li className="item" key={session.id}>
                <div className="row">
                  <div className="grow">
                    <strong>{device}</strong> {session.impersonatedBy && <span className="badge warn">{t("admin.person.impersonated")}</span>}
                    <div className="muted small">
                      {t("sessions.times", { signedIn: formatDateTime(session.createdAt), active: formatDateTime(session.updatedAt) })} ·{" "}
                      {t("admin.person.sessionEnds", { date: formatDateTime(session.expiresAt) })}
                      {session.ipAddress ? ` · ${session.ipAddress}` : ""}
                    </div>
                  </div>
                  <button
                    type="button"
                    className="secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(session.id)}
                    aria-label={t("sessions.revokeNamed", { device })}
                  >
                    {t("sessions.revoke")}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ActionStatus mutation={revoke} pending={t("sessions.revoking")} success={t("sessions.revoked")} errorMessage={adminActionError} />
    </section>
  );
}

export function HoldingsCard({ person }: { person: AdminPerson }): ReactElement {
  return (
    <section className="card" aria-labelledby="holdings-heading">
      <h2 id="holdings-heading">{t("admin.person.holdings")}</h2>
      <h3>{t("accounts.heading")}</h3>
      {person.accounts.length === 0 ? (
        <p className="muted">{t("admin.none")}</p>
      ) : (
        <ul className="plain-list">
          {person.accounts.map((account) => (
            <li key={account.id}>
              {methodName(account.providerId)}
              {account.accountId ? <span className="muted small"> · {account.accountId}</span> : null}
              <span className="muted small"> · {t("admin.person.since", { date: formatDateTime(account.createdAt) })}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>{t("passkeys.heading")}</h3>
      {person.passkeys.length === 0 ? (
        <p className="muted">{t("admin.none")}</p>
      ) : (
        <ul className="plain-list">
          {person.passkeys.map((passkey) => (
            <li key={passkey.id}>
              {passkey.name || t("method.passkey")}
              <span className="muted small">
                {" "}
                · {passkey.backedUp ? t("passkeys.synced") : t("passkeys.deviceOnly")} · {t("passkeys.added", { date: formatDateTime(passkey.createdAt) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3>{t("admin.person.organizations")}</h3>
      {person.organizations.length === 0 ? (
        <p className="muted">{t("admin.none")}</p>
      ) : (
        <ul className="plain-list">
          {person.organizations.map((organization) => (
            <li key={organization.id}>
              {organization.name}{" "}
              <span className="muted small">
                · {organization.role.split(",").map(roleLabel).join(", ")} · {t("admin.person.since", { date: formatDateTime(organization.joinedAt) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
