/**
 * The one in-memory cache of the server. Every cache of data that changes with a website's
 * content (pages, reads, cart products, collections, the host → website map, island markup,
 * form definitions) is a `VersionedCache`: keys start with `{siteId}|` (most also carry the
 * content version, so a new version simply misses), entries are bounded by count and/or weight
 * (oldest out first; `lru` re-marks an entry on every hit), optionally by age, and
 * `CacheRegistry.dropSite` empties every cache of a website at once — locally when content
 * changes, and in every other process through `change-bus.ts`.
 */
export interface VersionedCacheOptions<V> {
  /** For metrics (`cache_hits_total{cache=…}`). */
  name: string;
  maxEntries?: number;
  /** Bound on the sum of `weigh(value, key)`; an entry heavier than it is not kept. */
  maxWeight?: number;
  weigh?: (value: V, key: string) => number;
  /** Entries older than this are misses (for data whose changes announce nothing). */
  ttlMs?: number;
  now?: () => number;
  /** A hit makes the entry the most recently used (else oldest-inserted goes first). */
  lru?: boolean;
}

interface Entry<V> {
  value: V;
  weight: number;
  at: number;
}

export class VersionedCache<V> {
  hits = 0;
  misses = 0;
  private readonly entries = new Map<string, Entry<V>>();
  private weight = 0;

  constructor(readonly opts: VersionedCacheOptions<V>) {}

  get size(): number {
    return this.entries.size;
  }

  get totalWeight(): number {
    return this.weight;
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) {
      this.misses++;
      return undefined;
    }
    if (this.opts.ttlMs !== undefined) {
      const age = this.clock() - e.at;
      if (age >= this.opts.ttlMs || age < 0) {
        this.remove(key, e);
        this.misses++;
        return undefined;
      }
    }
    if (this.opts.lru) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    this.hits++;
    return e.value;
  }

  set(key: string, value: V): void {
    const weight = this.opts.weigh ? this.opts.weigh(value, key) : 1;
    const { maxWeight, maxEntries } = this.opts;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    if (maxWeight !== undefined && weight > maxWeight) return;
    this.entries.set(key, { value, weight, at: this.opts.ttlMs !== undefined ? this.clock() : 0 });
    this.weight += weight;
    for (const [k, e] of this.entries) {
      const over =
        (maxWeight !== undefined && this.weight > maxWeight) ||
        (maxEntries !== undefined && this.entries.size > maxEntries);
      if (!over) break;
      this.remove(k, e);
    }
  }

  /**
   * The value of `key`, loading it once: concurrent callers share one load, and a load that
   * fails is forgotten at once so the next caller tries again. (For caches of promises.)
   */
  memo<T>(this: VersionedCache<Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit) return hit;
    const p = load();
    this.set(key, p);
    p.catch(() => {
      const e = this.entries.get(key);
      if (e?.value === p) this.remove(key, e);
    });
    return p;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (e) this.remove(key, e);
  }

  /** Drops every entry whose key starts with the prefix. */
  dropPrefix(prefix: string): void {
    for (const [k, e] of this.entries) if (k.startsWith(prefix)) this.remove(k, e);
  }

  /** A website's entries: keys start with `{siteId}|`. */
  dropSite(siteId: string): void {
    this.dropPrefix(`${siteId}|`);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private remove(key: string, e: Entry<V>): void {
    this.entries.delete(key);
    this.weight -= e.weight;
  }

  private clock(): number {
    return (this.opts.now ?? Date.now)();
  }
}

/** What a registry needs of a cache (any `VersionedCache`). */
export interface RegisteredCache {
  readonly opts: { name: string };
  hits: number;
  misses: number;
  readonly size: number;
  dropSite(siteId: string): void;
  clear(): void;
}

/**
 * One value per website and content version, loaded once and shared by concurrent callers
 * (checkout settings, draft product ids): a write bumps the version, so the next read is a miss
 * in every process, and `content-changed` empties it at once.
 */
export class SiteVersionMemo<T> {
  private readonly entries: VersionedCache<Promise<T>>;

  constructor(
    name: string,
    private readonly load: (siteId: string) => Promise<T>,
    caches?: CacheRegistry,
  ) {
    this.entries = new VersionedCache<Promise<T>>({ name, maxEntries: 10_000 });
    caches?.register(this.entries);
  }

  get(siteId: string, contentVersion: number): Promise<T> {
    return this.entries.memo(`${siteId}|${contentVersion}`, () => this.load(siteId));
  }
}

/**
 * The process's caches, so that one call invalidates a website everywhere it is cached. Hooks
 * run with them for state that is not a cache entry (the renderer's per-website generation).
 */
export class CacheRegistry {
  private readonly caches = new Set<RegisteredCache>();
  private readonly hooks: ((siteId: string | undefined) => void)[] = [];
  /** Invalidations received from other processes (tests and metrics). */
  remoteDrops = 0;

  register<C extends RegisteredCache>(cache: C): C {
    this.caches.add(cache);
    return cache;
  }

  /** `f(siteId)` on every website invalidation; `f(undefined)` when everything is dropped. */
  onDrop(f: (siteId: string | undefined) => void): void {
    this.hooks.push(f);
  }

  dropSite(siteId: string): void {
    for (const c of this.caches) c.dropSite(siteId);
    for (const f of this.hooks) f(siteId);
  }

  /** Everything (after a lost connection to the other processes' invalidations). */
  clear(): void {
    for (const c of this.caches) c.clear();
    for (const f of this.hooks) f(undefined);
  }

  list(): RegisteredCache[] {
    return [...this.caches];
  }
}
