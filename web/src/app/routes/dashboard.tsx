import type { ReactElement } from "react";
import { Link } from "react-router";
import { useSession } from "../../features/auth/api/get-session.js";
import { useAuditOverview } from "../../features/audit/api/get-audit-overview.js";
import type { AuditOverview } from "../../features/audit/api/types.js";
import { RecentActivity } from "../../features/audit/components/recent-activity.js";
import { formatDateTime, formatNumber, planName, richText, roleLabel } from "../../components/ui.js";
import { LoadError, LoadingState } from "../../components/query-state.js";
import { useTranslation } from "../../lib/i18n.js";

interface Viewer {
  email: string;
  emailVerified: boolean;
  /** When this session began: a sign-in, or the sign-up that made the account. */
  sessionStartedAt: Date | string;
}

function Tiles({ overview, viewer }: { overview: AuditOverview; viewer: Viewer }): ReactElement {
  const organization = overview.organization;
  const { t } = useTranslation();
  // No sign-in recorded yet: the account is new, its sign-up began this session (issue 48: the
  // first dashboard read "0", "None recorded" and "Not verified" right after signing up).
  const firstSession = overview.lastSignInAt === null;
  return (
    <div className="grid tiles">
      <section className="card tile" aria-labelledby="tile-sign-ins">
        <h2 id="tile-sign-ins">{t("dashboard.signIns.heading")}</h2>
        <p className="big" data-testid="sign-ins-30d">
          {formatNumber(overview.signInsLast30Days)}
        </p>
        <p className="muted small" data-testid="failed-sign-ins-30d">
          {firstSession && overview.failedSignInsLast30Days === 0
            ? t("dashboard.signIns.fromNext")
            : t("dashboard.signIns.failed", { count: overview.failedSignInsLast30Days })}
        </p>
        <Link to="/analytics">{t("dashboard.signIns.link")}</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-last-sign-in">
        <h2 id="tile-last-sign-in">{t("dashboard.lastSignIn.heading")}</h2>
        <p className="big small-big" data-testid="last-sign-in">
          {formatDateTime(overview.lastSignInAt ?? viewer.sessionStartedAt)}
        </p>
        {firstSession && <p className="muted small">{t("dashboard.lastSignIn.thisSession")}</p>}
        <Link to="/reports?type=sign-in">{t("dashboard.lastSignIn.link")}</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-email">
        <h2 id="tile-email">{t("dashboard.email.heading")}</h2>
        {viewer.emailVerified ? (
          <>
            <p className="big">{t("dashboard.email.verified")}</p>
            <Link to="/settings#email">{t("dashboard.email.link")}</Link>
          </>
        ) : (
          <>
            <p className="big small-big">{t("dashboard.email.checkInbox")}</p>
            <p className="muted small">{t("dashboard.email.linkSent", { email: viewer.email })}</p>
            <Link to="/settings#email">{t("dashboard.email.sendAgain")}</Link>
          </>
        )}
      </section>
      <section className="card tile" aria-labelledby="tile-passkeys">
        <h2 id="tile-passkeys">{t("dashboard.passkeys.heading")}</h2>
        <p className="big" data-testid="passkeys">
          {formatNumber(overview.passkeys)}
        </p>
        <Link to="/settings#passkeys">{t("dashboard.passkeys.link")}</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-accounts">
        <h2 id="tile-accounts">{t("dashboard.accounts.heading")}</h2>
        <p className="big" data-testid="linked-accounts">
          {formatNumber(overview.linkedAccounts)}
        </p>
        <Link to="/settings#accounts">{t("dashboard.accounts.link")}</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-sessions">
        <h2 id="tile-sessions">{t("dashboard.sessions.heading")}</h2>
        <p className="big" data-testid="active-sessions">
          {formatNumber(overview.activeSessions)}
        </p>
        <Link to="/settings#sessions">{t("dashboard.sessions.link")}</Link>
      </section>
      <section className="card tile" aria-labelledby="tile-organization">
        <h2 id="tile-organization">{t("dashboard.organization.heading")}</h2>
        {organization ? (
          <>
            <p className="big small-big" data-testid="organization-name">
              {organization.name}
            </p>
            <p className="muted small" data-testid="organization-plan">
              {t("dashboard.organization.summary", {
                role: organization.role.split(",").map(roleLabel).join(", "),
                plan: planName(organization.plan),
                used: formatNumber(organization.seatsUsed),
                limit: formatNumber(organization.seatLimit),
              })}
            </p>
            <Link to="/subscribe">{t("dashboard.organization.link")}</Link>
          </>
        ) : (
          <>
            <p className="big small-big">{t("dashboard.organization.none")}</p>
            <Link to="/subscribe">{t("dashboard.organization.choose")}</Link>
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
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1>{t("dashboard.heading")}</h1>
      {user && (
        <p className="lead">
          {richText(
            t("dashboard.signedInAs", { name: user.name || user.email, email: user.email, date: formatDateTime(session.data!.session.createdAt) }),
            (name) => (
              <strong>{name}</strong>
            ),
          )}
        </p>
      )}
      {overview.isPending ? (
        <LoadingState label={t("dashboard.loading")} />
      ) : overview.isError ? (
        <LoadError what={t("dashboard.overview")} error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Tiles
            overview={overview.data}
            viewer={{
              email: user?.email ?? "",
              emailVerified: user?.emailVerified ?? false,
              sessionStartedAt: session.data?.session.createdAt ?? new Date(),
            }}
          />
          <RecentActivity events={overview.data.recent} />
        </>
      )}
    </article>
  );
}
