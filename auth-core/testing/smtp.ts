import type { AddressInfo } from "node:net";
import { createTransport } from "nodemailer";
import { SMTPServer } from "smtp-server";
import { mimeFields, type Mailer } from "@gatehouse/auth-core";

/** One mail as the SMTP server received it, decoded (headers, transfer encodings, multipart). */
export interface DeliveredMail {
  from: string;
  /** Envelope recipients (RCPT TO), lowercased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSMTPServer {
  host: string;
  port: number;
  /** smtp://127.0.0.1:PORT, the form of the server's SMTP_URL. */
  url: string;
  /** An auth-core Mailer sending through this server with nodemailer. */
  mailer: Mailer;
  /** Every mail received so far, in order. */
  received: DeliveredMail[];
  /**
   * The next not yet taken mail to `to` (already received or still to come). Rejects after
   * `timeoutMs` (default 5 s) so a missing mail fails the test instead of hanging it.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<DeliveredMail>;
  /** Mails received for `to` that no waitForMail has taken. */
  pendingFor(to: string): DeliveredMail[];
  /** While true, the server refuses every message with 550 (a transport failure). */
  setRejecting(rejecting: boolean): void;
  /** Holds every message after its DATA until `release()`: the sender waits as on a slow relay. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body).toString("utf8");
  return part.body;
}

/** The text/plain and text/html bodies of a message, searching nested multiparts. */
function collectBodies(part: MimePart, out: { text: string; html: string }): void {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      collectBodies(splitHeaders(section.replace(/^\n/, "")), out);
    }
    return;
  }
  const decoded = decodeBody(part).replace(/\n$/, "");
  if (type.toLowerCase().startsWith("text/html")) out.html ||= decoded;
  else if (type.toLowerCase().startsWith("text/plain")) out.text ||= decoded;
}

/** Decodes a raw RFC 5322 message (as delivered over SMTP). */
export function decodeMail(raw: string, envelopeTo: string[]): DeliveredMail {
  const root = splitHeaders(raw);
  const bodies = { text: "", html: "" };
  collectBodies(root, bodies);
  return {
    from: decodeHeaderWords(root.headers.get("from") ?? ""),
    to: envelopeTo.map((address) => address.toLowerCase()),
    subject: decodeHeaderWords(root.headers.get("subject") ?? ""),
    text: bodies.text,
    html: bodies.html,
    raw,
  };
}

/** The first absolute link in the mail's text whose path contains `pathPart`. */
export function findLink(mail: Pick<DeliveredMail, "subject" | "text">, pathPart: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.includes(pathPart)) return url;
  }
  throw new Error(`no link containing ${pathPart} in mail "${mail.subject}"`);
}

/** A mailed link as a path below the auth base path, for `createTestBrowser(...).get(path)`. */
export function authPath(url: URL): string {
  return `${url.pathname.replace(/^\/api\/auth/, "")}${url.search}`;
}

interface Waiter {
  to: string;
  resolve(mail: DeliveredMail): void;
}

/** A real SMTP server on 127.0.0.1 and a random port, and a nodemailer Mailer pointed at it. */
export async function startTestSMTPServer(): Promise<TestSMTPServer> {
  const received: DeliveredMail[] = [];
  const pending: DeliveredMail[] = [];
  const waiters: Waiter[] = [];
  let rejecting = false;
  let holding = false;
  const held: Array<() => void> = [];

  const deliver = (mail: DeliveredMail): void => {
    received.push(mail);
    const index = waiters.findIndex((w) => mail.to.includes(w.to));
    if (index === -1) pending.push(mail);
    else waiters.splice(index, 1)[0]!.resolve(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (holding) {
          held.push(() => finish());
          return;
        }
        finish();
      });
      function finish(): void {
        if (rejecting) {
          callback(Object.assign(new Error("Mailbox unavailable (test server is refusing mail)"), { responseCode: 550 }));
          return;
        }
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        deliver(decodeMail(Buffer.concat(chunks).toString("utf8"), envelopeTo));
        callback();
      }
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const transport = createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });

  return {
    host: "127.0.0.1",
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailer: {
      async send(message): Promise<void> {
        await transport.sendMail({ from: "Gatehouse <no-reply@gatehouse.test>", ...message, ...mimeFields(message, "gatehouse.test") });
      },
    },
    waitForMail(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      const index = pending.findIndex((mail) => mail.to.includes(address));
      if (index !== -1) return Promise.resolve(pending.splice(index, 1)[0]!);
      return new Promise<DeliveredMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at !== -1) waiters.splice(at, 1);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter: Waiter = {
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        waiters.push(waiter);
      });
    },
    pendingFor: (to) => pending.filter((mail) => mail.to.includes(to.toLowerCase())),
    setRejecting(value) {
      rejecting = value;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const finish of held.splice(0)) finish();
    },
    async close() {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
