import type { ReactElement } from "react";
import { formatDateTime, translate as t } from "../../../components/ui.js";

/** The ban as it stands now: a lapsed ban reads as none (it ends by itself at banExpires). */
export function isBanned(user: { banned: boolean; banExpires: Date | null }, now: Date = new Date()): boolean {
  return user.banned && (user.banExpires === null || user.banExpires.getTime() > now.getTime());
}

export function BanBadge({ user }: { user: { banned: boolean; banExpires: Date | null; banReason: string | null } }): ReactElement {
  if (!isBanned(user)) return <span className="muted">{t("admin.no")}</span>;
  return (
    <span className="badge fail" title={user.banReason ?? undefined}>
      {user.banExpires ? t("admin.bannedUntil", { date: formatDateTime(user.banExpires) }) : t("admin.banned")}
    </span>
  );
}

export function RoleBadge({ role }: { role: string }): ReactElement {
  return role.split(",").includes("admin") ? (
    <span className="badge role-admin">{t("admin.role.admin")}</span>
  ) : (
    <span className="muted">{t("admin.role.user")}</span>
  );
}
