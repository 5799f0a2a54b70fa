/**
 * Sets `key` in a map kept to `limit` entries: past it the oldest entry (the first inserted) goes
 * first. The memory caches of the hot paths (signed cookies, session JWTs, API-key hashes,
 * prepared statements) share it; reads are the map's own `get`. Answers the entry it dropped.
 */
export function setBounded<K, V>(map: Map<K, V>, limit: number, key: K, value: V): [K, V] | undefined {
  let dropped: [K, V] | undefined;
  if (!map.has(key) && map.size >= limit) {
    const oldest = map.entries().next().value!;
    map.delete(oldest[0]);
    dropped = oldest;
  }
  map.set(key, value);
  return dropped;
}
