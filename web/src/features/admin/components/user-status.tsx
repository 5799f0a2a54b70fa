import type { ReactElement } from "react";
import { formatDateTime } from "../../../components/ui.js";

/** The ban as it stands now: a lapsed ban reads as none (it ends by itself at banExpires). */
export function isBanned(user: { banned: boolean; banExpires: Date | null }, now: Date = new Date()): boolean {
  return user.banned && (user.banExpires === null || user.banExpires.getTime() > now.getTime());
}

export function BanBadge({ user }: { user: { banned: boolean; banExpires: Date | null; banReason: string | null } }): ReactElement {
  if (!isBanned(user)) return <span className="muted">No</span>;
  const until = user.banExpires ? ` until ${formatDateTime(user.banExpires)}` : "";
  return (
    <span className="badge fail" title={user.banReason ?? undefined}>
      Banned{until}
    </span>
  );
}

export function RoleBadge({ role }: { role: string }): ReactElement {
  return role.split(",").includes("admin") ? <span className="badge role-admin">Admin</span> : <span className="muted">User</span>;
}
