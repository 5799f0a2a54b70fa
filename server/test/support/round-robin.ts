import { createServer, request as httpRequest, type Server } from "node:http";

/**
 * The load balancer of the multi-instance tests and the benchmark: each request goes to the next
 * instance in turn, headers and body passed through. `hits` records which instance took each.
 */
export function roundRobin(port: number, targets: () => number[]): Promise<{ server: Server; hits: number[] }> {
  const hits: number[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const ports = targets();
    const index = next++ % ports.length;
    hits.push(index);
    const upstream = httpRequest({ host: "127.0.0.1", port: ports[index], method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ server, hits })));
}
