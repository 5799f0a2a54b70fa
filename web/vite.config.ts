import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";
import { precompress } from "./build/precompress.js";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ["@gatehouse/source", ...defaultClientConditions] },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000", "/healthz": "http://localhost:3000" } },
  // No source maps in the production build: they would be served publicly with the app.
  // No modulepreload polyfill: every browser the app supports preloads modules natively, and
  // /login's first load must stay within 100 KB.
  build: { outDir: "dist", sourcemap: false, modulePreload: { polyfill: false } },
});
