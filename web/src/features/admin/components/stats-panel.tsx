import "./admin.css";
import type { ReactElement } from "react";
import { formatNumber, translate as t } from "../../../components/ui.js";
import type { AdminStats } from "@gatehouse/server/shared";

/** The installation at a glance: counts, then sign-ins and failures per UTC day. */
export function StatsPanel({ stats }: { stats: AdminStats }): ReactElement {
  const days = [...stats.days].reverse();
  return (
    <>
      <div className="grid tiles admin-tiles" role="group" aria-label={t("admin.stats.installation")}>
        <section className="card tile" aria-labelledby="stat-people">
          <h2 id="stat-people">{t("admin.stats.accounts")}</h2>
          <p className="big" data-testid="stat-people">
            {formatNumber(stats.people)}
          </p>
          <p className="muted small">{t("admin.stats.adminsBanned", { admins: stats.admins, banned: stats.banned })}</p>
        </section>
        <section className="card tile" aria-labelledby="stat-new">
          <h2 id="stat-new">{t("admin.stats.newThisWeek")}</h2>
          <p className="big" data-testid="stat-new">
            {formatNumber(stats.newThisWeek)}
          </p>
          <p className="muted small">{t("admin.stats.newThisWeek.hint")}</p>
        </section>
      </div>
      <section className="card admin-days" aria-labelledby="stat-days">
        <h2 id="stat-days">{t("admin.stats.perDay")}</h2>
        <div className="table-scroll">
          <table className="data-table">
            <caption>{t("admin.stats.caption", { count: stats.days.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("charts.day")}</th>
                <th scope="col">{t("admin.stats.signIns")}</th>
                <th scope="col">{t("admin.stats.failures")}</th>
                <th scope="col">{t("charts.signUps.title")}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td>{day.signIns}</td>
                  <td>{day.failures}</td>
                  <td>{day.signUps}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
