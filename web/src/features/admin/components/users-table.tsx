import "./admin.css";
import type { ReactElement } from "react";
import { Link } from "react-router";
import type { AdminUserRow } from "@gatehouse/server/shared";
import { PagedTable, type TableColumn, type TablePager } from "../../../components/paged-table.js";
import { formatDateTime, translate as t } from "../../../components/ui.js";
import { MethodList } from "./method-list.js";
import { BanBadge, RoleBadge } from "./user-status.js";

/** The columns, their headings in the shown language (read at each render). */
function userColumns(): readonly TableColumn<AdminUserRow>[] {
  return [
    { header: t("admin.users.address"), rowHeader: true, cell: (user) => <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.email}</Link> },
    { header: t("admin.users.name"), cell: (user) => user.name || "—" },
    {
      header: t("admin.users.verified"),
      cell: (user) => (user.emailVerified ? <span className="badge ok">{t("email.verified")}</span> : <span className="muted">{t("admin.no")}</span>),
    },
    { header: t("admin.users.role"), cell: (user) => <RoleBadge role={user.role} /> },
    { header: t("admin.users.banned"), cell: (user) => <BanBadge user={user} /> },
    { header: t("admin.users.created"), cell: (user) => <time dateTime={user.createdAt.toISOString()}>{formatDateTime(user.createdAt)}</time> },
    {
      header: t("admin.users.lastSignIn"),
      cell: (user) => (user.lastSignInAt ? <time dateTime={user.lastSignInAt.toISOString()}>{formatDateTime(user.lastSignInAt)}</time> : t("admin.never")),
    },
    { header: t("admin.users.methods"), cell: (user) => <MethodList methods={user.methods} /> },
  ];
}

/** The console's table of people: one row each, the address linking to their page, and its pager. */
export function UsersTable({ users, caption, busy, pager }: { users: AdminUserRow[]; caption: string; busy?: boolean; pager: TablePager }): ReactElement {
  return (
    <PagedTable
      caption={caption}
      className="admin-users-table"
      columns={userColumns()}
      rows={users}
      rowKey={(user) => user.id}
      rowData={(user) => ({ "data-user-email": user.email })}
      busy={busy}
      pager={pager}
    />
  );
}
