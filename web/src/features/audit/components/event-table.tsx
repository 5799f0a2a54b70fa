import type { ReactElement } from "react";
import { FAILED_SIGN_IN_REASON_LABELS } from "@gatehouse/server/shared";
import { useTranslation, type Translate } from "../../../lib/i18n.js";
import { PagedTable, type TableColumn, type TablePager } from "../../../components/paged-table.js";
import { formatDateTime, translate } from "../../../components/ui.js";
import { describeUserAgent } from "../../../lib/user-agent.js";
import type { AuditEventView } from "../api/types.js";
import { eventLabel, methodLabel } from "./event-labels.js";
import { OutcomeBadge } from "./outcome-badge.js";

function actorText(event: AuditEventView): string {
  if (!event.actor) return event.outcome === "failure" ? translate("events.unknownPerson") : translate("events.deletedAccount");
  return event.actor.name || event.actor.email;
}

/** Why a sign-in failed in the shown language (`reason.wrong-password`), else the server's English words. */
function reasonText(reason: NonNullable<AuditEventView["failureReason"]>): string {
  const id = `reason.${reason}`;
  const text = translate(id as Parameters<Translate>[0]);
  return text === id ? FAILED_SIGN_IN_REASON_LABELS[reason] : text;
}

function eventColumns(t: Translate): readonly TableColumn<AuditEventView>[] {
  return [
    {
      header: t("events.time"),
      cell: (event) => <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTime(event.createdAt)}</time>,
    },
    { header: t("events.event"), rowHeader: true, cell: (event) => eventLabel(event.type) },
    { header: t("events.outcome"), cell: (event) => <OutcomeBadge outcome={event.outcome} /> },
    // Why a sign-in or its second step failed (issue 48); empty for every other row.
    { header: t("events.reason"), cell: (event) => (event.failureReason ? reasonText(event.failureReason) : "") },
    { header: t("events.method"), cell: (event) => methodLabel(event.method) },
    { header: t("events.person"), cell: actorText, title: (event) => event.actor?.email },
    { header: t("events.address"), cell: (event) => event.ipAddress ?? "—" },
    {
      header: t("events.device"),
      cell: (event) => (event.userAgent ? describeUserAgent(event.userAgent) : "—"),
      title: (event) => event.userAgent ?? undefined,
    },
  ];
}

/** The event log as a table: one row per event, newest first (the server's order), and its pager where it has more. */
export function EventTable({ events, caption, pager }: { events: AuditEventView[]; caption: string; pager?: TablePager }): ReactElement {
  const { t } = useTranslation();
  return (
    <PagedTable
      caption={caption}
      className="events-table"
      columns={eventColumns(t)}
      rows={events}
      rowKey={(event) => event.id}
      rowData={(event) => ({ "data-event-type": event.type })}
      pager={pager}
    />
  );
}
