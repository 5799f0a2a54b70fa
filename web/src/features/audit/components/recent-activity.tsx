import type { ReactElement } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../../components/ui.js";
import { useTranslation } from "../../../lib/i18n.js";
import type { AuditEventView } from "../api/types.js";
import { eventLabel, methodLabel } from "./event-labels.js";
import { OutcomeBadge } from "./outcome-badge.js";

/** The dashboard's "Recent activity": the person's last few events, each linking to Reports. */
export function RecentActivity({ events }: { events: AuditEventView[] }): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="recent-activity-heading">
      <h2 id="recent-activity-heading">{t("activity.heading")}</h2>
      {events.length === 0 ? (
        <p className="muted">{t("activity.empty")}</p>
      ) : (
        <ol className="list activity" aria-label={t("activity.heading")}>
          {events.map((event) => (
            <li key={event.id} className="item activity-item">
              <Link to={`/reports?type=${encodeURIComponent(event.type)}`}>{eventLabel(event.type)}</Link>
              <OutcomeBadge outcome={event.outcome} />
              {event.method && <span className="muted small">{methodLabel(event.method)}</span>}
              <time className="muted small" dateTime={new Date(event.createdAt).toISOString()}>
                {formatDateTime(event.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <p className="small">
        <Link to="/reports">{t("activity.all")}</Link>
      </p>
    </section>
  );
}
