import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../src/endpoint.js";

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

  it("auth-core's library never imports its test support (testing/ is a test-only entry, built apart from dist)", () => {
    const bad = sourceFiles(join(root, "auth-core/src"))
      .filter((f) => !isTest(f))
      .flatMap(imports)
      .filter(
        (r) =>
          r.specifier.startsWith("@gatehouse/auth-core/testing") || resolve(root, dirname(r.file), r.specifier).startsWith(join(root, "auth-core/testing")),
      );
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

  it("the server's shared entry is browser-safe: only its own folder and auth-core/shared", () => {
    const bad = sourceFiles(join(root, "server/src/shared"))
      .filter((f) => !isTest(f))
      .flatMap(imports)
      .filter((r) => !r.specifier.startsWith("./") && r.specifier !== "@gatehouse/auth-core/shared");
    expect(bad).toEqual([]);
  });

  it("web imports only types from server and auth-core, and at run time only the shared entries (auth-core/shared, server/shared)", () => {
    const bad = sourceFiles(join(root, "web/src"))
      .filter((f) => !isTest(f))
      .flatMap(imports)
      .filter((r) => {
        if (r.specifier === "@gatehouse/server/shared") return false;
        if (/@gatehouse\/server|\/server\//.test(r.specifier)) return !r.typeOnly;
        if (r.specifier === "@gatehouse/auth-core/shared") return false;
        if (r.specifier.startsWith("@gatehouse/auth-core")) return !r.typeOnly;
        return /\.\.\/\.\.\/\.\.\/(auth-core|server)/.test(r.specifier);
      });
    expect(bad).toEqual([]);
  });
});

describe("module boundaries", () => {
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

  it("auth-core reaches Kysely only from store/ and the fast path's SQLite setup", () => {
    const allowed = ["auth-core/src/store/", "auth-core/src/fast-path/sqlite.ts"];
    const bad = sourceFiles(join(root, "auth-core/src"))
      .filter((f) => !allowed.some((place) => relative(root, f).startsWith(place)) && !isTest(f))
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

/** The module a relative import names (`./x.js` → x.ts, x.tsx or x/index.ts), or null for a package. */
function resolveImport(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = resolve(dirname(file), specifier).replace(/\.js$/, "");
  return [`${target}.ts`, `${target}.tsx`, join(target, "index.ts"), join(target, "index.tsx")].find((candidate) => existsSync(candidate)) ?? null;
}

/** The circles of a graph: its strongly connected components of two or more nodes (Tarjan). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(relative(root, member));
    } while (member !== node);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** The import circles among `files`, type-only imports included. */
function importCircles(files: string[]): string[][] {
  return circlesOf(new Map(files.map((file) => [file, imports(file).flatMap((r) => resolveImport(file, r.specifier) ?? [])])));
}

describe("no import circles", () => {
  it.each(["auth-core", "server", "web", "migrations"])("%s/src has none, type-only imports included", (pkg) => {
    expect(importCircles(sourceFiles(join(root, pkg, "src")).filter((f) => !isTest(f)))).toEqual([]);
  });

  it("finds a circle when there is one (the checker on a made-up graph)", () => {
    const [a, b, c, d] = ["a.ts", "b.ts", "c.ts", "d.ts"].map((name) => join(root, name));
    const graph = new Map([
      [a!, [b!]],
      [b!, [c!]],
      [c!, [a!]],
      [d!, [a!]],
    ]);
    expect(circlesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});

/**
 * auth-core/src's layers, lowest first (docs/architecture.md draws them). A folder, or a file
 * directly in src/, may import at run time only from a lower layer; type-only imports (`import
 * type`, `export type`) may go anywhere, since they leave nothing behind. An inline `{ type X }`
 * counts as run time: under verbatimModuleSyntax the import stays. A new folder is placed here.
 */
const AUTH_CORE_LAYERS: readonly (readonly string[])[] = [
  // base: browser-safe rules and wire types, the injected outside world, the error catalogue, the context's type
  ["shared/", "deps/", "errors.ts", "context.ts"],
  ["crypto/", "store/"],
  // HTTP helpers (cookies, origin, rate limit), session JWTs, the audit log's writer
  ["http/", "jwt/", "audit/"],
  // the language of an error answer: its detection and the catalogues
  ["i18n/"],
  // account rules: ban, admission, impersonation rule, sign-in throttle, an organization's two-factor rule
  ["account/"],
  // session lifetime and cookie; mail, email tokens and notices
  ["session/", "email/"],
  // features
  ["passkey/", "two-factor/", "oauth/", "api-key/", "scim-token/"],
  // Gatehouse as an OpenID provider: clients, codes, tokens (PKCE's S256 from oauth/, signing keys from jwt/)
  ["oauth-provider/"],
  // who acts (the principal) and the gate before every handler: session, key, admin, feature
  ["gate/"],
  // an organization, which answers to its members' API keys
  ["organization/"],
  // admin, which acts on people and the organizations they own
  ["admin/"],
  // every sign-in's completion: first proof, second step, social sign-in, anonymous hand-over
  ["sign-in/"],
  // ways in and recovery through the mailbox: magic link, email codes, the password reset's change
  ["passwordless/", "recovery/"],
  // an organization's own identity providers (OIDC, SAML), their domains; SCIM provisioning above them
  ["sso/"],
  ["scim/"],
  // the endpoint contract, the options, the OpenAPI document
  ["endpoint.ts", "options.ts", "openapi/"],
  ["routes/"],
  // the doors: the router and the fast path before it
  ["router.ts", "fast-path/"],
  ["create-auth.ts"],
  ["index.ts"],
];

describe("auth-core layers (AUTH_CORE_LAYERS)", () => {
  const src = join(root, "auth-core/src");
  const nodeOf = (path: string): string => {
    const parts = relative(src, path).split("/");
    return parts.length === 1 ? parts[0]! : `${parts[0]}/`;
  };
  const layerOf = (path: string): number => AUTH_CORE_LAYERS.findIndex((layer) => layer.includes(nodeOf(path)));

  /** The run-time imports from one node of src to another that do not go to a lower layer. */
  function backEdges(files: readonly string[], importsOf: (file: string) => ImportRef[]): string[] {
    return files.flatMap((file) =>
      importsOf(file).flatMap((r) => {
        const target = resolveImport(file, r.specifier);
        if (r.typeOnly || !target || !target.startsWith(src) || nodeOf(target) === nodeOf(file)) return [];
        return layerOf(target) < layerOf(file) ? [] : [`${r.file} → ${r.specifier}`];
      }),
    );
  }

  const libraryFiles = (): string[] => sourceFiles(src).filter((file) => !isTest(file));

  it("every folder and file of src sits in one layer", () => {
    const nodes = [...new Set(libraryFiles().map(nodeOf))];
    expect(nodes.filter((node) => AUTH_CORE_LAYERS.filter((layer) => layer.includes(node)).length !== 1)).toEqual([]);
  });

  it("no folder imports its own layer or one above it at run time", () => {
    expect(backEdges(libraryFiles(), imports)).toEqual([]);
  });

  it("finds a back-edge when there is one (session/ importing sign-in/, and an inline type-only import)", () => {
    const session = join(src, "session/session.ts");
    const made = (specifier: string, typeOnly: boolean): ImportRef[] => [{ file: relative(root, session), specifier, typeOnly }];
    expect(backEdges([session], () => made("../sign-in/complete-sign-in.js", false))).toEqual([
      "auth-core/src/session/session.ts → ../sign-in/complete-sign-in.js",
    ]);
    expect(backEdges([session], () => made("../sign-in/complete-sign-in.js", true))).toEqual([]);
    expect(backEdges([session], () => made("../store/session-store.js", false))).toEqual([]);
  });
});

describe("web layers: main → app → features → components → lib", () => {
  /**
   * What the code already follows: lib/ (clients, error rules) imports no other layer;
   * components/ only lib/; a feature only components/ and lib/ (and never another feature);
   * app/ (router, guards, layouts, pages) any layer below it; main.tsx everything. Test support
   * (web/src/test) is for tests only.
   */
  const web = join(root, "web/src");
  const LAYERS = ["lib", "components", "features", "app", "main.tsx"];
  const layerOf = (path: string): number => {
    const top = relative(web, path).split("/")[0] ?? "";
    return LAYERS.indexOf(top);
  };

  it("no layer imports one above it, and no source imports the test support", () => {
    const bad = sourceFiles(web)
      .filter((file) => !isTest(file) && !relative(web, file).startsWith("test/"))
      .flatMap((file) =>
        imports(file).flatMap((r) => {
          const target = resolveImport(file, r.specifier);
          if (!target) return [];
          const to = relative(web, target).split("/")[0];
          if (to === "test") return [`${r.file} → ${r.specifier}`];
          const [fromLayer, toLayer] = [layerOf(file), layerOf(target)];
          return fromLayer !== -1 && toLayer !== -1 && toLayer > fromLayer ? [`${r.file} → ${r.specifier}`] : [];
        }),
      );
    expect(bad).toEqual([]);
  });

  it("every web source file sits in a known layer", () => {
    const unplaced = sourceFiles(web)
      .filter((file) => !isTest(file) && !relative(web, file).startsWith("test/") && file !== join(web, "env.d.ts"))
      .filter((file) => layerOf(file) === -1)
      .map((file) => relative(root, file));
    expect(unplaced).toEqual([]);
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
      if (rel.startsWith("auth-core/src/deps/") || isTest(rel)) continue;
      const text = readFileSync(file, "utf8");
      for (const [pattern, label] of forbidden) if (pattern.test(text)) offences.push(`${rel}: ${label}`);
    }
    expect(offences).toEqual([]);
  });
});

describe("endpoint table", () => {
  it("refuses two endpoints on one path instead of letting one replace the other", async () => {
    const { createRequestHandler } = await import("../src/router.js");
    const { createTestAuth } = await import("../testing/index.js");
    const { ok } = await import("../src/routes/ok.js");
    const t = await createTestAuth();
    expect(() => createRequestHandler(t.auth.context, [ok, { ...ok, name: "okAgain", method: "POST" } as AnyEndpoint])).toThrow(/share the path \/ok/);
    await t.destroy();
  });
});
