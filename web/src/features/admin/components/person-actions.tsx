import type { ReactElement } from "react";
import type { AdminUserRow } from "@gatehouse/server/shared";
import { ActionStatus } from "../../../components/ui.js";
import { adminActionError } from "../api/admin-request.js";
import { useBanUser, useUnbanUser } from "../api/ban-user.js";
import { useImpersonateUser } from "../api/impersonate-user.js";
import { useRemoveUser } from "../api/remove-user.js";
import { useRevokeUserSessions } from "../api/revoke-user-sessions.js";
import { useSetRole } from "../api/set-role.js";
import { ConfirmAction } from "./confirm-action.js";
import { isBanned } from "./user-status.js";

const BAN_DURATIONS = [
  { value: "0", label: "Until lifted" },
  { value: "3600", label: "1 hour" },
  { value: "86400", label: "1 day" },
  { value: "604800", label: "7 days" },
  { value: "2592000", label: "30 days" },
] as const;

/**
 * What an admin may do to a person, each behind a confirmation. The admin's own page offers
 * none of the actions the server refuses on oneself (ban, demote, remove, impersonate).
 */
export function PersonActions({ user, self, onRemoved }: { user: AdminUserRow; self: boolean; onRemoved: () => void }): ReactElement {
  const ban = useBanUser();
  const unban = useUnbanUser();
  const role = useSetRole();
  const revoke = useRevokeUserSessions();
  const impersonate = useImpersonateUser();
  const remove = useRemoveUser();
  const admin = user.role.split(",").includes("admin");
  const banned = isBanned(user);
  const who = user.name || user.email;
  return (
    <section className="card" aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      {self ? (
        <p className="muted">This is your own account: banning, demoting, removing and impersonating yourself are not possible.</p>
      ) : (
        <div className="actions wrap">
          {banned ? (
            <ConfirmAction label="Unban" title={`Unban ${who}?`} confirmLabel="Unban" onConfirm={() => unban.mutate(user.id)} disabled={unban.isPending}>
              <p>They can sign in again at once.</p>
            </ConfirmAction>
          ) : (
            <ConfirmAction
              label="Ban"
              title={`Ban ${who}?`}
              confirmLabel="Ban"
              danger
              disabled={ban.isPending}
              onConfirm={(form) => {
                const seconds = Number(form.get("duration"));
                const reason = String(form.get("reason") ?? "").trim();
                ban.mutate({ userId: user.id, ...(reason && { banReason: reason }), ...(seconds > 0 && { banExpiresIn: seconds }) });
              }}
            >
              <p>Every session of theirs ends now, and every way in is refused until the ban is lifted or runs out.</p>
              <div className="field">
                <label htmlFor="ban-reason">Reason (shown to admins)</label>
                <input id="ban-reason" name="reason" maxLength={1024} />
              </div>
              <div className="field">
                <label htmlFor="ban-duration">Duration</label>
                <select id="ban-duration" name="duration" defaultValue="0">
                  {BAN_DURATIONS.map((d) => (
                    <option key={d.value} value={d.value}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </div>
            </ConfirmAction>
          )}
          <ConfirmAction
            label={admin ? "Remove admin role" : "Make admin"}
            title={admin ? `Take the admin role from ${who}?` : `Make ${who} an admin?`}
            confirmLabel={admin ? "Remove admin role" : "Make admin"}
            disabled={role.isPending}
            onConfirm={() => role.mutate({ userId: user.id, role: admin ? "user" : "admin" })}
          >
            <p>{admin ? "They lose the console at their next request." : "They get this console and every action in it at their next request."}</p>
          </ConfirmAction>
          <ConfirmAction
            label="Revoke all sessions"
            title={`Sign ${who} out everywhere?`}
            confirmLabel="Revoke all sessions"
            disabled={revoke.isPending}
            onConfirm={() => revoke.mutate(user.id)}
          >
            <p>Every device of theirs is signed out. They can sign in again.</p>
          </ConfirmAction>
          {!admin && !banned && (
            <ConfirmAction
              label="Impersonate"
              title={`Act as ${who}?`}
              confirmLabel="Impersonate"
              disabled={impersonate.isPending}
              onConfirm={() => impersonate.mutate(user.id)}
            >
              <p>
                This browser becomes theirs for at most an hour: you see what they see, but cannot change their password, address, passkeys or factors, or
                delete the account. The action is recorded in both your logs. <strong>Stop</strong> in the banner brings you back.
              </p>
            </ConfirmAction>
          )}
          <ConfirmAction
            label="Remove account"
            title={`Remove ${who}'s account?`}
            confirmLabel="Remove account"
            danger
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(user.id, { onSuccess: onRemoved })}
          >
            <p>The account, its sessions, sign-in methods, passkeys and memberships are deleted. This cannot be undone.</p>
          </ConfirmAction>
        </div>
      )}
      <ActionStatus mutation={ban} pending="Banning…" success="Banned. Their sessions have ended." errorMessage={adminActionError} />
      <ActionStatus mutation={unban} pending="Lifting the ban…" success="The ban is lifted." errorMessage={adminActionError} />
      <ActionStatus mutation={role} pending="Changing the role…" success="Role changed." errorMessage={adminActionError} />
      <ActionStatus mutation={revoke} pending="Revoking sessions…" success="Every session is revoked." errorMessage={adminActionError} />
      <ActionStatus mutation={impersonate} pending="Starting…" success="Acting as them." errorMessage={adminActionError} />
      <ActionStatus mutation={remove} pending="Removing…" success="Account removed." errorMessage={adminActionError} />
    </section>
  );
}
