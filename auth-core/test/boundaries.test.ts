import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * DESIGN.md's dependency direction and STYLE-ANCHORS' injection rule, checked on the source:
 * web → (HTTP) → server → auth-core → migrations → kysely.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

interface ImportRef {
  file: string;
  specifier: string;
  typeOnly: boolean;
}

function imports(file: string): ImportRef[] {
  const text = readFileSync(file, "utf8");
  const refs: ImportRef[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (const m of text.matchAll(pattern)) {
    const specifier = m[3] ?? m[4] ?? m[5];
    if (specifier) refs.push({ file: relative(root, file), specifier, typeOnly: Boolean(m[2]) });
  }
  return refs;
}

const isTest = (file: string): boolean => /\.test\.tsx?$|\/test\/|\/e2e\//.test(file);

describe("dependency direction", () => {
  it("auth-core imports nothing from server or web", () => {
    const bad = sourceFiles(join(root, "auth-core/src"))
      .flatMap(imports)
      .filter((r) => /@gatehouse\/(server|web)|\.\.\/\.\.\/(server|web)/.test(r.specifier));
    expect(bad).toEqual([]);
  });

  it("migrations import only kysely and each other", () => {
    const bad = sourceFiles(join(root, "migrations/src"))
      .flatMap(imports)
      .filter((r) => r.specifier !== "kysely" && !r.specifier.startsWith("./"));
    expect(bad).toEqual([]);
  });

  it("auth-core's shared entry is browser-safe: no node:, no database, nothing outside shared/", () => {
    const bad = sourceFiles(join(root, "auth-core/src/shared"))
      .filter((f) => !isTest(f))
      .flatMap(imports)
      .filter((r) => !r.specifier.startsWith("./"));
    expect(bad).toEqual([]);
  });

  it("web imports only types from server and auth-core, and at run time only auth-core/shared", () => {
    const bad = sourceFiles(join(root, "web/src"))
      .filter((f) => !isTest(f))
      .flatMap(imports)
      .filter((r) => {
        if (/@gatehouse\/server|\/server\//.test(r.specifier)) return !r.typeOnly;
        if (r.specifier === "@gatehouse/auth-core/shared") return false;
        if (r.specifier.startsWith("@gatehouse/auth-core")) return !r.typeOnly;
        return /\.\.\/\.\.\/\.\.\/(auth-core|server)/.test(r.specifier);
      });
    expect(bad).toEqual([]);
  });
});

describe("module boundaries (issue 14)", () => {
  it("a web feature never imports another feature (shared code lives in components/ and lib/)", () => {
    const featuresDir = join(root, "web/src/features");
    const featureOf = (path: string): string | null => {
      const rel = relative(featuresDir, path);
      return rel.startsWith("..") ? null : (rel.split("/")[0] ?? null);
    };
    const bad = sourceFiles(featuresDir).flatMap((file) =>
      imports(file)
        .filter((r) => r.specifier.startsWith("."))
        .filter((r) => {
          const target = featureOf(resolve(dirname(file), r.specifier));
          return target !== null && target !== featureOf(file);
        }),
    );
    expect(bad).toEqual([]);
  });

  it("auth-core reaches Kysely only from store/ (and its test support)", () => {
    const bad = sourceFiles(join(root, "auth-core/src"))
      .filter((f) => !relative(root, f).startsWith("auth-core/src/store/") && !relative(root, f).startsWith("auth-core/src/testing/") && !isTest(f))
      .flatMap(imports)
      .filter((r) => r.specifier === "kysely" || r.specifier.startsWith("kysely/"));
    expect(bad).toEqual([]);
  });

  it("no declaration file sits beside a source file of the same name", () => {
    const stale: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        if (name === "node_modules" || name === "dist") continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith(".d.ts")) {
          const base = path.slice(0, -".d.ts".length);
          if ([".ts", ".tsx"].some((ext) => existsSync(`${base}${ext}`))) stale.push(relative(root, path));
        }
      }
    };
    for (const pkg of ["auth-core", "server", "web", "migrations"]) walk(join(root, pkg, "src"));
    expect(stale).toEqual([]);
  });
});

describe("injected outside world", () => {
  it("auth-core reads time, randomness, fetch and the environment only through deps/", () => {
    const forbidden: Array<[RegExp, string]> = [
      [/Date\.now\(/, "Date.now()"],
      [/new Date\(\)/, "new Date()"],
      [/Math\.random/, "Math.random"],
      [/getRandomValues/, "getRandomValues"],
      [/(?<![.\w])fetch\(/, "global fetch"],
      [/globalThis\.fetch/, "global fetch"],
      [/process\.env/, "process.env"],
    ];
    const offences: string[] = [];
    for (const file of sourceFiles(join(root, "auth-core/src"))) {
      const rel = relative(root, file);
      if (rel.startsWith("auth-core/src/deps/") || rel.startsWith("auth-core/src/testing/") || isTest(rel)) continue;
      const text = readFileSync(file, "utf8");
      for (const [pattern, label] of forbidden) if (pattern.test(text)) offences.push(`${rel}: ${label}`);
    }
    expect(offences).toEqual([]);
  });
});

describe("endpoint table", () => {
  it("refuses two endpoints on one path instead of letting one replace the other", async () => {
    const { createRequestHandler } = await import("../src/router.js");
    const { createTestAuth } = await import("../src/testing/index.js");
    const { ok } = await import("../src/routes/ok.js");
    const t = await createTestAuth();
    expect(() => createRequestHandler(t.auth.context, [ok, { ...ok, name: "okAgain", method: "POST" }])).toThrow(/share the path \/ok/);
    await t.destroy();
  });
});
