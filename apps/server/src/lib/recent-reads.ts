/**
 * Catalogue rows read at most once a second per key and database: the bet paths read the same
 * game and provider rows for every bet (a thousand crash bets in a few seconds, every seamless
 * callback), and an operator's change still applies within that second (at once in the process
 * that made it: forgetRecentReads). Calls that arrive together share one read and go on in the
 * order they came. A failed read is not remembered.
 */
const RECENT_MS = 1_000;

const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

export function recentRead<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < RECENT_MS) return hit.value as Promise<T>;
  const value = read();
  const entry = { at: Date.now(), value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Drops this process's remembered rows of a database (an operator changed a game or a provider). */
export function forgetRecentReads(db: object): void {
  caches.delete(db);
}
