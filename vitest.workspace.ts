/**
 * The test projects. Vitest 4 ignores a workspace file on its own, so vitest.config.ts imports
 * this list into `test.projects`.
 */
export const projects = ["auth-core", "server", "web", "web/vitest.node.config.ts", "web/e2e"];
