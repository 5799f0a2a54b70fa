/**
 * @gatehouse/server/shared: the product's browser-safe vocabulary, shared with the web app (which
 * imports it at run time). No node:, no database, no server module: only this folder and
 * @gatehouse/auth-core/shared (auth-core/test/boundaries.test.ts checks it).
 */
export { dateTransformer, type DataTransformer } from "./date-transformer.js";
export { MAX_TRPC_BATCH_SIZE } from "./trpc-batch.js";
export * from "./plans.js";
export * from "./audit-views.js";
export * from "./admin-console.js";
