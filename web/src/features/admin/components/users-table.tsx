import "./admin.css";
import type { ReactElement } from "react";
import { Link } from "react-router";
import type { AdminUserRow } from "@gatehouse/auth-core/shared";
import { formatDateTime } from "../../../components/ui.js";
import { MethodList } from "./method-list.js";
import { BanBadge, RoleBadge } from "./user-status.js";

/** The console's table of people: one row each, the address linking to their page. */
export function UsersTable({ users, caption }: { users: AdminUserRow[]; caption: string }): ReactElement {
  return (
    <div className="table-scroll">
      <table className="data-table admin-users-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Name</th>
            <th scope="col">Verified</th>
            <th scope="col">Role</th>
            <th scope="col">Banned</th>
            <th scope="col">Created</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Sign-in methods</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-user-email={user.email}>
              <th scope="row">
                <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.email}</Link>
              </th>
              <td>{user.name || "—"}</td>
              <td>{user.emailVerified ? <span className="badge ok">Verified</span> : <span className="muted">No</span>}</td>
              <td>
                <RoleBadge role={user.role} />
              </td>
              <td>
                <BanBadge user={user} />
              </td>
              <td>
                <time dateTime={user.createdAt.toISOString()}>{formatDateTime(user.createdAt)}</time>
              </td>
              <td>{user.lastSignInAt ? <time dateTime={user.lastSignInAt.toISOString()}>{formatDateTime(user.lastSignInAt)}</time> : "Never"}</td>
              <td>
                <MethodList methods={user.methods} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
