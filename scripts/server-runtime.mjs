// How the server process is started: by `npm start` (start.mjs) and by the benchmark, which must
// measure exactly that. The memory target (≤ 100 MiB resident under get-session load):
// - a 2 MiB semi-space: V8's young generation otherwise grows many times larger under load, for
//   no measurable gain in requests per second or CPU per request at this allocation rate;
// - an old generation that may grow by 30 % past what the last full collection kept alive
//   before the next one: V8 otherwise lets it grow to several times the live heap when
//   collections are cheap, and requests waiting on PostgreSQL keep enough alive across young
//   collections to fill that room, past the memory target;
// - at most two glibc malloc arenas: each thread (libuv's pool, V8's helpers) would otherwise
//   keep an arena of its own with freed memory still resident.
// Deployments that run `node server/dist/gatehouse.js` themselves pass the same (docs/deployment.md).
// The measurements: docs/performance/runs-2026-11.md ("Memory"), docs/performance/notes-from-code.md.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2", "--heap-growing-percent=30"];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
