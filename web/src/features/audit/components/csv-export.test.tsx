import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import "../../../components/ui.js";
import { i18n } from "../../../lib/i18n.js";
import { countLineEnds, openDownloadSink, type CSVSink } from "../api/csv-download.js";
import { CSVExport } from "./csv-export.js";

/** A response body the test feeds chunk by chunk; `cancelled` tells whether the reader gave up. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  return {
    stream,
    state,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** Where the file would go: what it received, and whether it was saved or dropped. */
function recordingSink() {
  const record = { bytes: 0, written: [] as number[], closed: false, aborted: false };
  const sink: CSVSink = {
    write: async (chunk) => {
      record.bytes += chunk.byteLength;
      record.written.push(chunk.byteLength);
    },
    close: async () => {
      record.closed = true;
    },
    abort: async () => {
      record.aborted = true;
    },
  };
  return { sink, record };
}

const HEADER = "createdAt,type,outcome\r\n";
const row = (i: number) => `2026-11-29T10:00:0${i}Z,sign-in,success\r\n`;

/** Lets the stream's pending reads, the state updates and the render run. */
async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  });
}

describe("the CSV export's progress on the Reports page", () => {
  afterEach(() => cleanup());

  function renderExport(body: ReturnType<typeof controlledBody>, sink: CSVSink) {
    const requests: { url: string; signal: AbortSignal | null }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      requests.push({ url: String(input), signal: init?.signal ?? null });
      if (init?.signal?.aborted) throw new DOMException("aborted", "AbortError");
      return new Response(body.stream, { headers: { "content-type": "text/csv" } });
    };
    render(
      <I18nProvider i18n={i18n}>
        <CSVExport href="/api/reports/events.csv?scope=self" filename="events.csv" fetch={fakeFetch} openSink={async () => sink} />
      </I18nProvider>,
    );
    return requests;
  }

  it("counts the rows as they arrive, hands every byte to the file and says when it is done", async () => {
    const body = controlledBody();
    const { sink, record } = recordingSink();
    const requests = renderExport(body, sink);
    fireEvent.click(screen.getByRole("link", { name: "Download CSV" }));
    await flush();
    expect(requests.map((r) => r.url)).toEqual(["/api/reports/events.csv?scope=self"]);
    expect(screen.getByRole("button", { name: "Cancel the download" })).toBeTruthy();

    body.push(HEADER + row(1) + row(2).slice(0, 10));
    await flush();
    expect(screen.getByRole("status").textContent).toMatch(/^1 row received \(0 MB\)…$/);
    // A row whose CR LF is split across two chunks is counted once, when its line ends.
    body.push(row(2).slice(10, -1));
    await flush();
    expect(screen.getByRole("status").textContent).toMatch(/^1 row received/);
    body.push("\n" + row(3));
    await flush();
    expect(screen.getByRole("status").textContent).toMatch(/^3 rows received/);
    expect(record.closed).toBe(false);

    body.end();
    await flush();
    expect(screen.getByRole("status").textContent).toBe("Done: 3 rows (0 MB) downloaded.");
    expect(record).toMatchObject({ closed: true, aborted: false, bytes: (HEADER + row(1) + row(2) + row(3)).length });
    // The file was never gathered by the page: each chunk went to the sink as it came.
    expect(record.written.length).toBe(3);
    expect(screen.getByRole("link", { name: "Download CSV" })).toBeTruthy();
  });

  it("cancels: the request is aborted, the file dropped, and the page says nothing was saved", async () => {
    const body = controlledBody();
    const { sink, record } = recordingSink();
    const requests = renderExport(body, sink);
    fireEvent.click(screen.getByRole("link", { name: "Download CSV" }));
    await flush();
    body.push(HEADER + row(1));
    await flush();
    expect(screen.getByRole("status").textContent).toMatch(/^1 row received/);

    fireEvent.click(screen.getByRole("button", { name: "Cancel the download" }));
    await flush();
    expect(requests[0]!.signal?.aborted).toBe(true);
    expect(body.state.cancelled).toBe(true);
    expect(record).toMatchObject({ closed: false, aborted: true });
    expect(screen.getByRole("status").textContent).toBe("Download cancelled; nothing was saved.");
    expect(screen.getByRole("link", { name: "Download CSV" })).toBeTruthy();
  });

  it("in German, with numbers as the language writes them", async () => {
    const body = controlledBody();
    const { sink } = recordingSink();
    const { showAppLanguage } = await import("../../../components/language-switcher.js");
    await act(async () => {
      await showAppLanguage("de", true);
    });
    try {
      renderExport(body, sink);
      fireEvent.click(screen.getByRole("link", { name: "CSV herunterladen" }));
      await flush();
      body.push(HEADER + Array.from({ length: 1_500 }, (_, i) => row(i % 10)).join(""));
      await flush();
      expect(screen.getByRole("status").textContent).toMatch(/^1\.500 Zeilen empfangen \(0,1 MB\)/);
      body.end();
      await flush();
      expect(screen.getByRole("status").textContent).toMatch(/^Fertig: 1\.500 Zeilen/);
    } finally {
      await act(async () => {
        await showAppLanguage("en", true);
      });
    }
  });
});

describe("counting CSV rows by their CR LF", () => {
  it("counts line ends across chunks and not a cell's own line break", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(countLineEnds(bytes('a,"two\nlines"\r\nb\r\n'), false)).toEqual({ ends: 2, lastWasCR: false });
    expect(countLineEnds(bytes("a\r"), false)).toEqual({ ends: 0, lastWasCR: true });
    expect(countLineEnds(bytes("\nb"), true)).toEqual({ ends: 1, lastWasCR: false });
  });
});

describe("where the exported file goes", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("with a save picker, writes each chunk to the chosen file as it arrives; a closed picker is no download", async () => {
    const written: string[] = [];
    const events: string[] = [];
    const writable = {
      write: async (chunk: Uint8Array) => {
        written.push(new TextDecoder().decode(chunk));
      },
      close: async () => {
        events.push("close");
      },
      abort: async () => {
        events.push("abort");
      },
    };
    const picked: unknown[] = [];
    const scope = Object.assign(Object.create(window) as Window, {
      showSaveFilePicker: async (options: unknown) => {
        picked.push(options);
        return { createWritable: async () => writable };
      },
    });
    const sink = await openDownloadSink("events.csv", scope);
    await sink!.write(bytes("a\r\n"));
    expect(written).toEqual(["a\r\n"]);
    await sink!.write(bytes("b\r\n"));
    await sink!.close();
    expect(written).toEqual(["a\r\n", "b\r\n"]);
    expect(events).toEqual(["close"]);
    expect(picked).toMatchObject([{ suggestedName: "events.csv" }]);

    const closed = Object.assign(Object.create(window) as Window, {
      showSaveFilePicker: async () => {
        throw new DOMException("closed", "AbortError");
      },
    });
    expect(await openDownloadSink("events.csv", closed)).toBeNull();
  });

  it("without one, hands the whole file to the browser's download as one Blob at the end", async () => {
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:export";
    });
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    try {
      const sink = await openDownloadSink("events.csv", window);
      await sink!.write(bytes("a,b\r\n"));
      await sink!.write(bytes("1,2\r\n"));
      expect(blobs).toHaveLength(0);
      await sink!.close();
      expect(await blobs[0]!.text()).toBe("a,b\r\n1,2\r\n");
      expect(clicked).toEqual([{ href: "blob:export", download: "events.csv", attached: true }]);
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
  });
});
