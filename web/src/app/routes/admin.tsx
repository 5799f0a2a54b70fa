import { useState, type FormEvent, type ReactElement } from "react";
import { useSearchParams } from "react-router";
import { ADMIN_USER_FILTERS, type AdminUserFilter } from "@gatehouse/server/shared";
import { EmptyState, LoadError, LoadingState } from "../../components/query-state.js";
import { useAdminStats } from "../../features/admin/api/get-admin-stats.js";
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from "../../features/admin/api/list-admin-users.js";
import { StatsPanel } from "../../features/admin/components/stats-panel.js";
import { AppsPanel } from "../../features/admin/components/apps-panel.js";
import { UsersTable } from "../../features/admin/components/users-table.js";
import { RequireAdmin } from "./require-admin.js";

const FILTER_LABELS: Record<AdminUserFilter, string> = { all: "Everyone", admins: "Admins", banned: "Banned", unverified: "Not verified" };

function filterOf(value: string | null): AdminUserFilter {
  return (ADMIN_USER_FILTERS as readonly string[]).includes(value ?? "") ? (value as AdminUserFilter) : "all";
}

function Installation(): ReactElement {
  const stats = useAdminStats();
  if (stats.isPending) return <LoadingState label="Loading the installation's counts…" />;
  if (stats.isError) return <LoadError what="The counts" error={stats.error} onRetry={() => void stats.refetch()} />;
  return <StatsPanel stats={stats.data} />;
}

function People(): ReactElement {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const filter = filterOf(params.get("filter"));
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const [draft, setDraft] = useState(search);
  const users = useAdminUsers({ search, filter, page });
  const update = (patch: Record<string, string | null>): void =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === "" || (key === "filter" && value === "all") || (key === "page" && value === "0")) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    update({ q: draft.trim(), page: null });
  };
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  const first = page * ADMIN_USERS_PAGE_SIZE + 1;
  return (
    <section className="card" aria-labelledby="people-heading">
      <div className="section-head">
        <h2 id="people-heading">People</h2>
      </div>
      <form className="filters" role="search" aria-label="Find a person" onSubmit={submit}>
        <div className="field grow">
          <label htmlFor="admin-search">Address or name</label>
          <input id="admin-search" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="ada@example.com" />
        </div>
        <div className="field">
          <label htmlFor="admin-filter">Show</label>
          <select id="admin-filter" value={filter} onChange={(event) => update({ filter: event.target.value, page: null })}>
            {ADMIN_USER_FILTERS.map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Search</button>
      </form>
      {users.isPending ? (
        <LoadingState label="Loading people…" />
      ) : users.isError ? (
        <LoadError what="The people" error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title={search || filter !== "all" ? "Nobody matches this search." : "Nobody has an account yet."} />
      ) : (
        <UsersTable
          users={users.data.items}
          caption={search ? `People matching “${search}”` : "Everyone, newest first"}
          busy={users.isPlaceholderData}
          pager={{
            label: "Pages of people",
            status: `${first}–${first + users.data.items.length - 1} of ${total}`,
            controls: (
              <>
                <button type="button" className="secondary" disabled={page === 0} onClick={() => update({ page: String(page - 1) })}>
                  Previous
                </button>
                <button type="button" className="secondary" disabled={page + 1 >= pages} onClick={() => update({ page: String(page + 1) })}>
                  Next
                </button>
              </>
            ),
          }}
        />
      )}
    </section>
  );
}

/** /admin: the searchable, paged table of people, the apps that sign people in through Gatehouse, and the installation's counts. */
export function AdminPage(): ReactElement {
  return (
    <RequireAdmin>
      <article className="page">
        <h1>Admin</h1>
        <p className="lead">Everyone with an account on this installation: find a person, help them back in, or stop an abusive account.</p>
        <People />
        <AppsPanel />
        <Installation />
      </article>
    </RequireAdmin>
  );
}
