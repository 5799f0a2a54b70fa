/**
 * The CSV export as a download the page can follow: the body of GET /api/reports/events.csv is
 * read as it streams, each chunk passed on to where the file goes (a sink) and counted, so the
 * page shows rows and bytes received, the end, and a cancel. No total is known before the end (the
 * server would have to count the whole selection before its first byte).
 */

/** What has arrived so far: CSV rows after the header, and bytes. */
export interface CSVProgress {
  rows: number;
  bytes: number;
}

/** Where the file's bytes go as they arrive. */
export interface CSVSink {
  write(chunk: Uint8Array): Promise<void>;
  /** The whole file has arrived. */
  close(): Promise<void>;
  /** The download stopped (cancelled or failed): nothing is saved. */
  abort(): Promise<void>;
}

export class CSVExportError extends Error {
  constructor(readonly status: number) {
    super(`the CSV export answered ${status}`);
  }
}

const CR = 13;
const LF = 10;

/**
 * Counts CSV rows (lines ending in CR LF, as the server writes them; a cell's own line break is a
 * bare LF) across chunks: `lastWasCR` carries a CR that ended the previous chunk.
 */
export function countLineEnds(chunk: Uint8Array, lastWasCR: boolean): { ends: number; lastWasCR: boolean } {
  let ends = 0;
  let previousCR = lastWasCR;
  for (const byte of chunk) {
    if (byte === LF && previousCR) ends++;
    previousCR = byte === CR;
  }
  return { ends, lastWasCR: previousCR };
}

export interface StreamCSVInput {
  fetch: typeof fetch;
  signal: AbortSignal;
  sink: CSVSink;
  onProgress: (progress: CSVProgress) => void;
}

/**
 * Downloads `url` into `sink`, telling `onProgress` after every chunk; resolves with the totals once
 * the sink has the whole file. An abort of `signal`, a refusal (CSVExportError) or a broken stream
 * aborts the sink and rejects.
 */
export async function streamCSV(url: string, { fetch, signal, sink, onProgress }: StreamCSVInput): Promise<CSVProgress> {
  try {
    const response = await fetch(url, { credentials: "same-origin", signal });
    if (!response.ok || !response.body) throw new CSVExportError(response.status);
    const reader = response.body.getReader();
    // A cancel mid-body ends the read at once (and tells the server to stop), whatever the fetch does.
    signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true });
    let lines = 0;
    let bytes = 0;
    let lastWasCR = false;
    for (;;) {
      const { done, value } = await reader.read();
      signal.throwIfAborted();
      if (done) break;
      const counted = countLineEnds(value, lastWasCR);
      lines += counted.ends;
      lastWasCR = counted.lastWasCR;
      bytes += value.byteLength;
      await sink.write(value);
      onProgress({ rows: Math.max(0, lines - 1), bytes });
    }
    await sink.close();
    return { rows: Math.max(0, lines - 1), bytes };
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/** The File System Access API's save picker, where the browser has one (Chromium). */
interface SavePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable(): Promise<{ write(data: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> }> }>;
}

/**
 * Where the export goes. With a save picker (Chromium): the file the person picks, written chunk by
 * chunk as it arrives, so the page never holds the file. Elsewhere: the chunks are kept until the
 * end and handed to the browser's own download as one Blob (what a download of a fetched body
 * needs; the browser moves a large Blob to disk). Null when the person closes the picker. Call it
 * from the click itself: the picker needs the gesture.
 */
export async function openDownloadSink(filename: string, scope: Window = window): Promise<CSVSink | null> {
  const picker = (scope as Window & SavePickerWindow).showSaveFilePicker;
  if (picker) {
    let file;
    try {
      file = await picker.call(scope, { suggestedName: filename, types: [{ description: "CSV", accept: { "text/csv": [".csv"] } }] });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return null;
      throw error;
    }
    const writable = await file.createWritable();
    return { write: (chunk) => writable.write(chunk), close: () => writable.close(), abort: () => writable.abort() };
  }
  let chunks: Uint8Array[] = [];
  return {
    write: async (chunk) => {
      chunks.push(chunk);
    },
    close: async () => {
      const href = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }));
      chunks = [];
      const link = scope.document.createElement("a");
      link.href = href;
      link.download = filename;
      // In the document for the click: some browsers ignore a click on a detached link.
      scope.document.body.append(link);
      link.click();
      link.remove();
      // The download has taken the Blob once the click's navigation has started.
      scope.setTimeout(() => URL.revokeObjectURL(href), 0);
    },
    abort: async () => {
      chunks = [];
    },
  };
}
