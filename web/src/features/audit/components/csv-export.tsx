import { useEffect, useRef, useState, type MouseEvent, type ReactElement } from "react";
import { openDownloadSink, streamCSV, type CSVProgress, type CSVSink } from "../api/csv-download.js";
import { useTranslation } from "../../../lib/i18n.js";

export interface CSVExportProps {
  /** The export's address (eventsCSVURL of the page's filters). */
  href: string;
  /** The file's suggested name. */
  filename: string;
  /** For tests: the fetch and the file's destination (default: the browser's). */
  fetch?: typeof fetch;
  openSink?: (filename: string) => Promise<CSVSink | null>;
}

type ExportState =
  | { kind: "idle" }
  | { kind: "running"; progress: CSVProgress }
  | { kind: "done"; progress: CSVProgress }
  | { kind: "cancelled" }
  | { kind: "failed" };

/**
 * "Download CSV" with its progress: a click streams the export (csv-download.ts) and the line
 * beside it counts rows and bytes as they arrive, then says it is done; Cancel stops the download
 * and saves nothing. The link stays a plain download link for a click the page does not take
 * (opened in a new tab, say).
 */
export function CSVExport({ href, filename, fetch: fetcher, openSink = openDownloadSink }: CSVExportProps): ReactElement {
  const { t, language } = useTranslation();
  const [state, setState] = useState<ExportState>({ kind: "idle" });
  const running = useRef<AbortController | null>(null);
  // Leaving the page ends a download it started.
  useEffect(() => () => running.current?.abort(), []);

  const start = async (event: MouseEvent<HTMLAnchorElement>): Promise<void> => {
    event.preventDefault();
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    try {
      const sink = await openSink(filename);
      if (!sink) return;
      setState({ kind: "running", progress: { rows: 0, bytes: 0 } });
      const progress = await streamCSV(href, {
        fetch: fetcher ?? ((input, init) => window.fetch(input, init)),
        signal: controller.signal,
        sink,
        onProgress: (now) => setState({ kind: "running", progress: now }),
      });
      setState({ kind: "done", progress });
    } catch (error) {
      setState(controller.signal.aborted ? { kind: "cancelled" } : { kind: "failed" });
      if (!controller.signal.aborted) console.error("CSV export failed", error);
    } finally {
      running.current = null;
    }
  };

  const size = (bytes: number): string =>
    new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1_000_000);

  return (
    <div className="csv-export">
      {state.kind === "running" ? (
        <button type="button" className="secondary" onClick={() => running.current?.abort()}>
          {t("reports.csv.cancel")}
        </button>
      ) : (
        <a className="button secondary" href={href} download={filename} onClick={(event) => void start(event)}>
          {t("reports.csv")}
        </a>
      )}
      {state.kind !== "idle" && (
        <p className="muted small" role="status">
          {state.kind === "running"
            ? t("reports.csv.progress", { count: state.progress.rows, size: size(state.progress.bytes) })
            : state.kind === "done"
              ? t("reports.csv.done", { count: state.progress.rows, size: size(state.progress.bytes) })
              : state.kind === "cancelled"
                ? t("reports.csv.cancelled")
                : t("reports.csv.failed")}
        </p>
      )}
    </div>
  );
}
