import type { ReactElement } from "react";
import { Link } from "react-router";
import { useSession } from "../../features/auth/api/get-session.js";
import { useAuditOverview } from "../../features/audit/api/get-audit-overview.js";
import type { AuditOverview } from "../../features/audit/api/types.js";
import { RecentActivity } from "../../features/audit/components/recent-activity.js";
import { formatDateTime } from "../../components/ui.js";
import { LoadError, LoadingState } from "../../components/query-state.js";

function Tiles({ overview, emailVerified }: { overview: AuditOverview; emailVerified: boolean }): ReactElement {
  const organization = overview.organization;
  return (
    <div className="grid tiles">
      <section className="card tile" aria-labelledby="tile-sign-ins">
        <h2 id="tile-sign-ins">Sign-ins, last 30 days</h2>
        <p className="big" data-testid="sign-ins-30d">
          {overview.signInsLast30Days}
        </p>
        <p className="muted small" data-testid="failed-sign-ins-30d">
          {overview.failedSignInsLast30Days === 1 ? "1 failed attempt" : `${overview.failedSignInsLast30Days} failed attempts`}
        </p>
        <Link to="/analytics">Sign-in analytics</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-last-sign-in">
        <h2 id="tile-last-sign-in">Last sign-in</h2>
        <p className="big small-big">{overview.lastSignInAt ? formatDateTime(overview.lastSignInAt) : "None recorded"}</p>
        <Link to="/reports?type=sign-in">Sign-in history</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-email">
        <h2 id="tile-email">Email</h2>
        <p className="big">{emailVerified ? "Verified" : "Not verified"}</p>
        <Link to="/settings#email">Manage email</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-passkeys">
        <h2 id="tile-passkeys">Passkeys</h2>
        <p className="big" data-testid="passkeys">
          {overview.passkeys}
        </p>
        <Link to="/settings#passkeys">Manage passkeys</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-accounts">
        <h2 id="tile-accounts">Linked accounts</h2>
        <p className="big" data-testid="linked-accounts">
          {overview.linkedAccounts}
        </p>
        <Link to="/settings#accounts">Manage linked accounts</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-sessions">
        <h2 id="tile-sessions">Active sessions</h2>
        <p className="big" data-testid="active-sessions">
          {overview.activeSessions}
        </p>
        <Link to="/settings#sessions">Manage sessions</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-organization">
        <h2 id="tile-organization">Organization</h2>
        {organization ? (
          <>
            <p className="big small-big" data-testid="organization-name">
              {organization.name}
            </p>
            <p className="muted small" data-testid="organization-plan">
              {organization.role} · {organization.plan} plan · {organization.seatsUsed} of {organization.seatLimit} seats
            </p>
            <Link to="/subscribe">Plan and seats</Link>
          </>
        ) : (
          <>
            <p className="big small-big">None active</p>
            <Link to="/subscribe">Create or choose one</Link>
          </>
        )}
      </section>
    </div>
  );
}

/** /dashboard: the person's account at a glance (audit.overview) and their recent activity. */
export function DashboardPage(): ReactElement {
  const session = useSession();
  const overview = useAuditOverview();
  const user = session.data?.user;
  return (
    <article className="page">
      <h1>Dashboard</h1>
      {user && (
        <p className="lead">
          Signed in as <strong>{user.name || user.email}</strong> ({user.email}) since {formatDateTime(session.data!.session.createdAt)}.
        </p>
      )}
      {overview.isPending ? (
        <LoadingState label="Loading your overview…" />
      ) : overview.isError ? (
        <LoadError what="Your overview" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Tiles overview={overview.data} emailVerified={user?.emailVerified ?? false} />
          <RecentActivity events={overview.data.recent} />
        </>
      )}
    </article>
  );
}
