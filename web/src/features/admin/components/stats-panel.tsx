import "./admin.css";
import type { ReactElement } from "react";
import type { AdminStats } from "@gatehouse/server/shared";

/** The installation at a glance: counts, then sign-ins and failures per UTC day. */
export function StatsPanel({ stats }: { stats: AdminStats }): ReactElement {
  const days = [...stats.days].reverse();
  return (
    <>
      <div className="grid tiles admin-tiles" role="group" aria-label="The installation">
        <section className="card tile" aria-labelledby="stat-people">
          <h2 id="stat-people">Accounts</h2>
          <p className="big" data-testid="stat-people">
            {stats.people}
          </p>
          <p className="muted small">
            {stats.admins === 1 ? "1 admin" : `${stats.admins} admins`} · {stats.banned} banned
          </p>
        </section>
        <section className="card tile" aria-labelledby="stat-new">
          <h2 id="stat-new">New this week</h2>
          <p className="big" data-testid="stat-new">
            {stats.newThisWeek}
          </p>
          <p className="muted small">Accounts created in the last 7 days</p>
        </section>
      </div>
      <section className="card admin-days" aria-labelledby="stat-days">
        <h2 id="stat-days">Sign-ins and failures per day</h2>
        <div className="table-scroll">
          <table className="data-table">
            <caption>The last {stats.days.length} UTC days, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Sign-ins</th>
                <th scope="col">Failures</th>
                <th scope="col">Sign-ups</th>
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
