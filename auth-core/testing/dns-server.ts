import { createSocket, type RemoteInfo } from "node:dgram";
import type { AddressInfo } from "node:net";

/** A DNS server for tests (RFC 1035 over UDP): answers TXT questions from a table the test fills. */
export interface TestDNSServer {
  /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
  address: string;
  /** Sets the TXT records (one string each) of a name; an empty list removes the name. */
  setTxt(name: string, values: string[]): void;
  /** The names asked, in order: the test can see the lookup went here. */
  queries: string[];
  close(): Promise<void>;
}

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  for (;;) {
    const length = message[offset];
    if (length === undefined) throw new Error("truncated question");
    offset += 1;
    if (length === 0) break;
    labels.push(message.subarray(offset, offset + length).toString("latin1"));
    offset += length;
  }
  return { name: labels.join(".").toLowerCase(), end: offset };
}

/** The character-strings of one TXT record: at most 255 bytes each (RFC 1035 §3.3.14). */
function txtData(value: string): Buffer {
  const bytes = Buffer.from(value, "utf8");
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(parts);
}

export async function startTestDNSServer(): Promise<TestDNSServer> {
  const records = new Map<string, string[]>();
  const queries: string[] = [];
  const socket = createSocket("udp4");
  socket.on("message", (message: Buffer, remote: RemoteInfo) => {
    try {
      const id = message.readUInt16BE(0);
      const { name, end } = readName(message, 12);
      const type = message.readUInt16BE(end);
      const question = message.subarray(12, end + 4);
      queries.push(name);
      const values = records.get(name);
      const answers = type === 16 && values ? values : [];
      const header = Buffer.alloc(12);
      header.writeUInt16BE(id, 0);
      // QR, opcode 0, AA, RD copied, RA; rcode 3 (NXDOMAIN) for an unknown name.
      const rd = message[2]! & 0x01;
      header[2] = 0x84 | rd;
      header[3] = 0x80 | (values ? 0 : 3);
      header.writeUInt16BE(1, 4);
      header.writeUInt16BE(answers.length, 6);
      const answerParts = answers.map((value) => {
        const data = txtData(value);
        const fixed = Buffer.alloc(12);
        fixed.writeUInt16BE(0xc00c, 0);
        fixed.writeUInt16BE(16, 2);
        fixed.writeUInt16BE(1, 4);
        fixed.writeUInt32BE(60, 6);
        fixed.writeUInt16BE(data.length, 10);
        return Buffer.concat([fixed, data]);
      });
      socket.send(Buffer.concat([header, question, ...answerParts]), remote.port, remote.address);
    } catch {
      // A malformed question gets no answer: the resolver times out, as on the internet.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    queries,
    setTxt(name, values) {
      if (values.length === 0) records.delete(name.toLowerCase());
      else records.set(name.toLowerCase(), values);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
