/**
 * The most calls one batched request to /api/trpc may carry. The server refuses a larger batch
 * whole (400 BAD_REQUEST, none run: each call is a procedure run, some hash a password); the web
 * app's client splits what it asks for in one tick into batches of at most this many.
 */
export const MAX_TRPC_BATCH_SIZE = 10;
