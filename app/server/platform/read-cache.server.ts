/**
 * Reads every public page repeats (the site settings, the public roster), kept in memory between
 * content changes. The runtime attaches one cache to its database handle and empties it on every
 * change event (its own writes, scheduled ones and other app servers' through NOTIFY) and when the
 * database connection is lost, exactly like the page cache; so a page rendered after a write reads
 * the new data, while renders between writes (page 2 of a list, an artist page, the English pages,
 * the administrator's own pages) stop asking the database the same questions. See
 * docs/decisions/029-uncached-render-speed.md.
 *
 * Values are deep-frozen: they are shared by concurrent requests, so a caller that tried to change one
 * would fail loudly instead of changing every other visitor's page. Transactions are never cached
 * (only the handle the runtime registered has a cache), so a use case always reads what it writes.
 */
interface Entry {
  generation: number;
  value: Promise<unknown>;
}

/** A cap on distinct keys (e.g. list pages): past it the cache starts over rather than grow. */
const MAX_ENTRIES = 500;

export class ReadCache {
  generation = 0;
  hits = 0;
  misses = 0;
  private entries = new Map<string, Entry>();

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation) {
      this.hits++;
      return hit.value as Promise<T>;
    }
    this.misses++;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    // Concurrent requests share one load (single flight); a change while it runs drops it from the
    // cache (invalidate clears the map), so later requests load afresh.
    const value = load().then(deepFreeze);
    const entry: Entry = { generation: this.generation, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, ReadCache>();

/** Gives a database handle its read cache (the runtime does this once for its own handle). */
export function attachReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}

/** `load()` through the read cache of `db`, or straight (a transaction, a handle without one). */
export function cachedRead<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, load) : load();
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
