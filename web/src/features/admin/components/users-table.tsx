import "./admin.css";
import type { ReactElement } from "react";
import { Link } from "react-router";
import type { AdminUserRow } from "@gatehouse/server/shared";
import { PagedTable, type TableColumn, type TablePager } from "../../../components/paged-table.js";
import { formatDateTime } from "../../../components/ui.js";
import { MethodList } from "./method-list.js";
import { BanBadge, RoleBadge } from "./user-status.js";

const USER_COLUMNS: readonly TableColumn<AdminUserRow>[] = [
  { header: "Address", rowHeader: true, cell: (user) => <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.email}</Link> },
  { header: "Name", cell: (user) => user.name || "—" },
  { header: "Verified", cell: (user) => (user.emailVerified ? <span className="badge ok">Verified</span> : <span className="muted">No</span>) },
  { header: "Role", cell: (user) => <RoleBadge role={user.role} /> },
  { header: "Banned", cell: (user) => <BanBadge user={user} /> },
  { header: "Created", cell: (user) => <time dateTime={user.createdAt.toISOString()}>{formatDateTime(user.createdAt)}</time> },
  {
    header: "Last sign-in",
    cell: (user) => (user.lastSignInAt ? <time dateTime={user.lastSignInAt.toISOString()}>{formatDateTime(user.lastSignInAt)}</time> : "Never"),
  },
  { header: "Sign-in methods", cell: (user) => <MethodList methods={user.methods} /> },
];

/** The console's table of people: one row each, the address linking to their page, and its pager. */
export function UsersTable({ users, caption, busy, pager }: { users: AdminUserRow[]; caption: string; busy?: boolean; pager: TablePager }): ReactElement {
  return (
    <PagedTable
      caption={caption}
      className="admin-users-table"
      columns={USER_COLUMNS}
      rows={users}
      rowKey={(user) => user.id}
      rowData={(user) => ({ "data-user-email": user.email })}
      busy={busy}
      pager={pager}
    />
  );
}
