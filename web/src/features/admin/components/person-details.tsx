import type { ReactElement } from "react";
import type { AdminPerson } from "@gatehouse/server/shared";
import { ActionStatus, formatDateTime } from "../../../components/ui.js";
import { describeUserAgent } from "../../../lib/user-agent.js";
import { adminActionError } from "../api/admin-request.js";
import { useRevokeUserSession } from "../api/revoke-user-sessions.js";
import { MethodList, methodName } from "./method-list.js";
import { BanBadge, RoleBadge } from "./user-status.js";

export function ProfileCard({ person }: { person: AdminPerson }): ReactElement {
  const { user } = person;
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <dl className="facts">
        <dt>Address</dt>
        <dd>
          {user.email} {user.emailVerified ? <span className="badge ok">Verified</span> : <span className="badge warn">Not verified</span>}
        </dd>
        <dt>Name</dt>
        <dd>{user.name || "—"}</dd>
        <dt>Role</dt>
        <dd>
          <RoleBadge role={user.role} />
        </dd>
        <dt>Banned</dt>
        <dd>
          <BanBadge user={user} />
          {user.banned && user.banReason ? <span className="muted"> — {user.banReason}</span> : null}
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>Last sign-in</dt>
        <dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : "Never"}</dd>
        <dt>Sign-in methods</dt>
        <dd>
          <MethodList methods={user.methods} />
        </dd>
        <dt>User id</dt>
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
      <h2 id="person-sessions-heading">Sessions</h2>
      {person.sessions.length === 0 ? (
        <p className="muted">Signed in nowhere.</p>
      ) : (
        <ul className="list" aria-label="Their sessions">
          {person.sessions.map((session) => {
            const device = describeUserAgent(session.userAgent);
            return (
              <li className="item" key={session.id}>
                <div className="row">
                  <div className="grow">
                    <strong>{device}</strong> {session.impersonatedBy && <span className="badge warn">Admin acting as them</span>}
                    <div className="muted small">
                      Signed in {formatDateTime(session.createdAt)} · last active {formatDateTime(session.updatedAt)} · ends {formatDateTime(session.expiresAt)}
                      {session.ipAddress ? ` · ${session.ipAddress}` : ""}
                    </div>
                  </div>
                  <button
                    type="button"
                    className="secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(session.id)}
                    aria-label={`Revoke ${device} session`}
                  >
                    Revoke
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ActionStatus mutation={revoke} pending="Revoking…" success="Session revoked." errorMessage={adminActionError} />
    </section>
  );
}

export function HoldingsCard({ person }: { person: AdminPerson }): ReactElement {
  return (
    <section className="card" aria-labelledby="holdings-heading">
      <h2 id="holdings-heading">Sign-in methods and organizations</h2>
      <h3>Linked accounts</h3>
      {person.accounts.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="plain-list">
          {person.accounts.map((account) => (
            <li key={account.id}>
              {methodName(account.providerId)}
              {account.accountId ? <span className="muted small"> · {account.accountId}</span> : null}
              <span className="muted small"> · since {formatDateTime(account.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>Passkeys</h3>
      {person.passkeys.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="plain-list">
          {person.passkeys.map((passkey) => (
            <li key={passkey.id}>
              {passkey.name || "Passkey"}
              <span className="muted small">
                {" "}
                · {passkey.backedUp ? "synced" : "this device only"} · added {formatDateTime(passkey.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3>Organizations</h3>
      {person.organizations.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="plain-list">
          {person.organizations.map((organization) => (
            <li key={organization.id}>
              {organization.name}{" "}
              <span className="muted small">
                · {organization.role} · since {formatDateTime(organization.joinedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
