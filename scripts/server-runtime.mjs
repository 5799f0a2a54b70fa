// How the server process is started: by `npm start` (start.mjs) and by the benchmark, which must
// measure exactly that. For the memory target (≤ 100 MiB resident under get-session load):
// - a 2 MiB semi-space: V8's young generation otherwise grows to 32 MiB under load, for no
//   measurable gain in requests per second or CPU per request at this allocation rate;
// - at most two glibc malloc arenas: each thread (libuv's pool, V8's helpers) would otherwise
//   keep an arena of its own with freed memory still resident.
// Deployments that run `node server/dist/main.js` themselves pass the same (docs/deployment.md).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2"];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
