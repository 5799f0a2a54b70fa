// The bytes a browser downloads for /login's first load (target: at most 100 KB of compressed
// JavaScript): the HTML, then every script and stylesheet it names (entry and modulepreload),
// each asked for with Accept-Encoding as Chromium sends it; the answer's Content-Length is what
// crosses the wire.
const ACCEPT = "gzip, deflate, br, zstd";

async function size(url) {
  const answer = await fetch(url, { headers: { "accept-encoding": ACCEPT } });
  const body = await answer.arrayBuffer();
  return {
    bytes: Number(answer.headers.get("content-length") ?? body.byteLength),
    encoding: answer.headers.get("content-encoding") ?? "identity",
    text: answer.headers.get("content-encoding") ? "" : new TextDecoder().decode(body),
  };
}

export async function measureFirstLoad(base, path = "/login") {
  const html = await fetch(`${base}${path}`).then((r) => r.text());
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let js = 0;
  let css = 0;
  const encodings = new Set();
  for (const ref of refs) {
    const { bytes, encoding } = await size(`${base}${ref}`);
    encodings.add(encoding);
    if (ref.endsWith(".js")) js += bytes;
    else css += bytes;
  }
  const map = await fetch(`${base}${refs.find((r) => r.endsWith(".js"))}.map`);
  const sourceMaps = map.status === 200 && !(map.headers.get("content-type") ?? "").includes("text/html");
  return { jsKB: Math.round(js / 102.4) / 10, cssKB: Math.round(css / 102.4) / 10, files: refs.length, encodings: [...encodings], sourceMaps };
}
