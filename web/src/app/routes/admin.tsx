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
import { useTranslation, type MessageId } from "../../lib/i18n.js";

const FILTER_LABELS: Record<AdminUserFilter, MessageId> = {
  all: "admin.filter.all",
  admins: "admin.filter.admins",
  banned: "admin.filter.banned",
  unverified: "admin.filter.unverified",
};

function filterOf(value: string | null): AdminUserFilter {
  return (ADMIN_USER_FILTERS as readonly string[]).includes(value ?? "") ? (value as AdminUserFilter) : "all";
}

function Installation(): ReactElement {
  const stats = useAdminStats();
  const { t } = useTranslation();
  if (stats.isPending) return <LoadingState label={t("admin.stats.loading")} />;
  if (stats.isError) return <LoadError what={t("admin.stats.theCounts")} error={stats.error} onRetry={() => void stats.refetch()} />;
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
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="people-heading">
      <div className="section-head">
        <h2 id="people-heading">{t("admin.people")}</h2>
      </div>
      <form className="filters" role="search" aria-label={t("admin.find")} onSubmit={submit}>
        <div className="field grow">
          <label htmlFor="admin-search">{t("admin.search.label")}</label>
          <input id="admin-search" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="ada@example.com" />
        </div>
        <div className="field">
          <label htmlFor="admin-filter">{t("admin.show")}</label>
          <select id="admin-filter" value={filter} onChange={(event) => update({ filter: event.target.value, page: null })}>
            {ADMIN_USER_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(FILTER_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">{t("admin.search")}</button>
      </form>
      {users.isPending ? (
        <LoadingState label={t("admin.loadingPeople")} />
      ) : users.isError ? (
        <LoadError what={t("admin.thePeople")} error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title={search || filter !== "all" ? t("admin.noMatch") : t("admin.nobody")} />
      ) : (
        <UsersTable
          users={users.data.items}
          caption={search ? t("admin.caption.matching", { search }) : t("admin.caption.everyone")}
          busy={users.isPlaceholderData}
          pager={{
            label: t("admin.pages"),
            status: t("admin.range", { first, last: first + users.data.items.length - 1, total }),
            controls: (
              <>
                <button type="button" className="secondary" disabled={page === 0} onClick={() => update({ page: String(page - 1) })}>
                  {t("admin.previous")}
                </button>
                <button type="button" className="secondary" disabled={page + 1 >= pages} onClick={() => update({ page: String(page + 1) })}>
                  {t("admin.next")}
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
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <article className="page">
        <h1>{t("admin.heading")}</h1>
        <p className="lead">{t("admin.lead")}</p>
        <People />
        <AppsPanel />
        <Installation />
      </article>
    </RequireAdmin>
  );
}
