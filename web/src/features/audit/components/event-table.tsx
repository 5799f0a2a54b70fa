import type { ReactElement } from "react";
import { formatDateTime } from "../../../components/ui.js";
import { describeUserAgent } from "../../../lib/user-agent.js";
import type { AuditEventView } from "../api/types.js";
import { eventLabel, methodLabel } from "./event-labels.js";
import { OutcomeBadge } from "./outcome-badge.js";

function actorText(event: AuditEventView): string {
  if (!event.actor) return event.outcome === "failure" ? "Unknown person" : "Deleted account";
  return event.actor.name || event.actor.email;
}

/** The event log as a table: one row per event, newest first (the server's order). */
export function EventTable({ events, caption }: { events: AuditEventView[]; caption: string }): ReactElement {
  return (
    <div className="table-scroll">
      <table className="data-table events-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event</th>
            <th scope="col">Outcome</th>
            <th scope="col">Method</th>
            <th scope="col">Person</th>
            <th scope="col">Address</th>
            <th scope="col">Device</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id} data-event-type={event.type}>
              <td>
                <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTime(event.createdAt)}</time>
              </td>
              <th scope="row">{eventLabel(event.type)}</th>
              <td>
                <OutcomeBadge outcome={event.outcome} />
              </td>
              <td>{methodLabel(event.method)}</td>
              <td title={event.actor?.email}>{actorText(event)}</td>
              <td>{event.ipAddress ?? "—"}</td>
              <td title={event.userAgent ?? undefined}>{event.userAgent ? describeUserAgent(event.userAgent) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
