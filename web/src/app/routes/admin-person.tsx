import type { ReactElement } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { EmptyState, LoadError, LoadingState } from "../../components/query-state.js";
import { useAdminPerson } from "../../features/admin/api/get-admin-person.js";
import { HoldingsCard, ProfileCard, SessionsCard } from "../../features/admin/components/person-details.js";
import { PersonActions } from "../../features/admin/components/person-actions.js";
import { EventTable } from "../../features/audit/components/event-table.js";
import { useSession } from "../../features/auth/api/get-session.js";
import { RequireAdmin } from "./require-admin.js";
import { useTranslation } from "../../lib/i18n.js";

function Person({ userId }: { userId: string }): ReactElement {
  const person = useAdminPerson(userId);
  const session = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (person.isPending) return <LoadingState label={t("admin.person.loading")} />;
  if (person.isError) {
    const missing = (person.error as { data?: { code?: string } } | null)?.data?.code === "NOT_FOUND";
    return missing ? (
      <EmptyState title={t("admin.person.missing")}>
        <Link to="/admin">{t("admin.person.backToEveryone")}</Link>
      </EmptyState>
    ) : (
      <LoadError what={t("admin.person.thisPerson")} error={person.error} onRetry={() => void person.refetch()} />
    );
  }
  const data = person.data;
  return (
    <>
      <h1>{data.user.name || data.user.email}</h1>
      <p className="lead">
        <Link to="/admin">← {t("admin.person.everyone")}</Link>
      </p>
      <div className="grid">
        <ProfileCard person={data} />
        <PersonActions user={data.user} self={session.data?.user.id === data.user.id} onRemoved={() => void navigate("/admin", { replace: true })} />
        <SessionsCard person={data} />
        <HoldingsCard person={data} />
      </div>
      <section className="card" aria-labelledby="person-events-heading">
        <h2 id="person-events-heading">{t("admin.person.events")}</h2>
        {data.events.length === 0 ? (
          <EmptyState title={t("admin.person.noEvents")} />
        ) : (
          <>
            <p className="muted">{t("admin.person.eventsHint")}</p>
            <EventTable events={data.events} caption={t("admin.person.eventsCaption")} />
          </>
        )}
      </section>
    </>
  );
}

/** /admin/users/:id: one person's page in the console. */
export function AdminPersonPage(): ReactElement {
  const { id = "" } = useParams();
  return (
    <RequireAdmin>
      <article className="page">
        <Person userId={id} />
      </article>
    </RequireAdmin>
  );
}
