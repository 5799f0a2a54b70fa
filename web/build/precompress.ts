import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves nothing worth a file (a script of a few hundred bytes still shrinks by half). */
const MIN_BYTES = 256;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * After the build, writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each
 * text asset, once, so the server sends them by Accept-Encoding without compressing per request,
 * and /login's first load gets the smallest copies. Node's own zlib does the work.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "gatehouse-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const source = readFileSync(path);
        if (source.length < MIN_BYTES) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
