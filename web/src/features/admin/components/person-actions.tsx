import type { ReactElement } from "react";
import type { AdminUserRow } from "@gatehouse/server/shared";
import { ActionStatus, richText } from "../../../components/ui.js";
import { useTranslation, type MessageId } from "../../../lib/i18n.js";
import { adminActionError } from "../api/admin-request.js";
import { useBanUser, useUnbanUser } from "../api/ban-user.js";
import { useImpersonateUser } from "../api/impersonate-user.js";
import { useRemoveUser } from "../api/remove-user.js";
import { useRevokeUserSessions } from "../api/revoke-user-sessions.js";
import { useSetRole } from "../api/set-role.js";
import { ConfirmAction } from "./confirm-action.js";
import { isBanned } from "./user-status.js";

const BAN_DURATIONS = [
  { value: "0", label: "admin.ban.untilLifted" },
  { value: "3600", label: "admin.ban.hour" },
  { value: "86400", label: "admin.ban.day" },
  { value: "604800", label: "admin.ban.week" },
  { value: "2592000", label: "admin.ban.month" },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId }>;

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
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="actions-heading">
      <h2 id="actions-heading">{t("admin.actions")}</h2>
      {self ? (
        <p className="muted">{t("admin.actions.self")}</p>
      ) : (
        <div className="actions wrap">
          {banned ? (
            <ConfirmAction
              label={t("admin.unban")}
              title={t("admin.unban.title", { who })}
              confirmLabel={t("admin.unban")}
              onConfirm={() => unban.mutate(user.id)}
              disabled={unban.isPending}
            >
              <p>{t("admin.unban.body")}</p>
            </ConfirmAction>
          ) : (
            <ConfirmAction
              label={t("admin.ban")}
              title={t("admin.ban.title", { who })}
              confirmLabel={t("admin.ban")}
              danger
              disabled={ban.isPending}
              onConfirm={(form) => {
                const seconds = Number(form.get("duration"));
                const reason = String(form.get("reason") ?? "").trim();
                ban.mutate({ userId: user.id, ...(reason && { banReason: reason }), ...(seconds > 0 && { banExpiresIn: seconds }) });
              }}
            >
              <p>{t("admin.ban.body")}</p>
              <div className="field">
                <label htmlFor="ban-reason">{t("admin.ban.reason")}</label>
                <input id="ban-reason" name="reason" maxLength={1024} />
              </div>
              <div className="field">
                <label htmlFor="ban-duration">{t("admin.ban.duration")}</label>
                <select id="ban-duration" name="duration" defaultValue="0">
                  {BAN_DURATIONS.map((d) => (
                    <option key={d.value} value={d.value}>
                      {t(d.label)}
                    </option>
                  ))}
                </select>
              </div>
            </ConfirmAction>
          )}
          <ConfirmAction
            label={admin ? t("admin.demote") : t("admin.promote")}
            title={admin ? t("admin.demote.title", { who }) : t("admin.promote.title", { who })}
            confirmLabel={admin ? t("admin.demote") : t("admin.promote")}
            disabled={role.isPending}
            onConfirm={() => role.mutate({ userId: user.id, role: admin ? "user" : "admin" })}
          >
            <p>{admin ? t("admin.demote.body") : t("admin.promote.body")}</p>
          </ConfirmAction>
          <ConfirmAction
            label={t("sessions.all")}
            title={t("admin.revoke.title", { who })}
            confirmLabel={t("sessions.all")}
            disabled={revoke.isPending}
            onConfirm={() => revoke.mutate(user.id)}
          >
            <p>{t("admin.revoke.body")}</p>
          </ConfirmAction>
          {!admin && !banned && (
            <ConfirmAction
              label={t("admin.impersonate")}
              title={t("admin.impersonate.title", { who })}
              confirmLabel={t("admin.impersonate")}
              disabled={impersonate.isPending}
              onConfirm={() => impersonate.mutate(user.id)}
            >
              <p>
                {richText(t("admin.impersonate.body"), (words) => (
                  <strong>{words}</strong>
                ))}
              </p>
            </ConfirmAction>
          )}
          <ConfirmAction
            label={t("admin.remove")}
            title={t("admin.remove.title", { who })}
            confirmLabel={t("admin.remove")}
            danger
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(user.id, { onSuccess: onRemoved })}
          >
            <p>{t("admin.remove.body")}</p>
          </ConfirmAction>
        </div>
      )}
      <ActionStatus mutation={ban} pending={t("admin.ban.pending")} success={t("admin.ban.done")} errorMessage={adminActionError} />
      <ActionStatus mutation={unban} pending={t("admin.unban.pending")} success={t("admin.unban.done")} errorMessage={adminActionError} />
      <ActionStatus mutation={role} pending={t("admin.role.pending")} success={t("members.roleChanged")} errorMessage={adminActionError} />
      <ActionStatus mutation={revoke} pending={t("admin.revoke.pending")} success={t("admin.revoke.done")} errorMessage={adminActionError} />
      <ActionStatus mutation={impersonate} pending={t("admin.impersonate.pending")} success={t("admin.impersonate.done")} errorMessage={adminActionError} />
      <ActionStatus mutation={remove} pending={t("members.removing")} success={t("admin.remove.done")} errorMessage={adminActionError} />
    </section>
  );
}
