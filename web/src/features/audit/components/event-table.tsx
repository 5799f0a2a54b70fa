import type { ReactElement } from "react";
import { FAILED_SIGN_IN_REASON_LABELS } from "@gatehouse/server/shared";
import { PagedTable, type TableColumn, type TablePager } from "../../../components/paged-table.js";
import { formatDateTime } from "../../../components/ui.js";
import { describeUserAgent } from "../../../lib/user-agent.js";
import type { AuditEventView } from "../api/types.js";
import { eventLabel, methodLabel } from "./event-labels.js";
import { OutcomeBadge } from "./outcome-badge.js";

function actorText(event: AuditEventView): string {
  if (!event.actor) return event.outcome === "failure" ? "Unknown person" : "Deleted account";
  return event.actor.name || event.actor.email;
}

const EVENT_COLUMNS: readonly TableColumn<AuditEventView>[] = [
  { header: "Time", cell: (event) => <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTime(event.createdAt)}</time> },
  { header: "Event", rowHeader: true, cell: (event) => eventLabel(event.type) },
  { header: "Outcome", cell: (event) => <OutcomeBadge outcome={event.outcome} /> },
  // Why a sign-in or its second step failed (issue 48); empty for every other row.
  { header: "Reason", cell: (event) => (event.failureReason ? FAILED_SIGN_IN_REASON_LABELS[event.failureReason] : "") },
  { header: "Method", cell: (event) => methodLabel(event.method) },
  { header: "Person", cell: actorText, title: (event) => event.actor?.email },
  { header: "Address", cell: (event) => event.ipAddress ?? "—" },
  { header: "Device", cell: (event) => (event.userAgent ? describeUserAgent(event.userAgent) : "—"), title: (event) => event.userAgent ?? undefined },
];

/** The event log as a table: one row per event, newest first (the server's order), and its pager where it has more. */
export function EventTable({ events, caption, pager }: { events: AuditEventView[]; caption: string; pager?: TablePager }): ReactElement {
  return (
    <PagedTable
      caption={caption}
      className="events-table"
      columns={EVENT_COLUMNS}
      rows={events}
      rowKey={(event) => event.id}
      rowData={(event) => ({ "data-event-type": event.type })}
      pager={pager}
    />
  );
}
