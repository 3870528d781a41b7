import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Db } from '../db/database.js';

/**
 * Rate limits, one way for every route: fixed windows counted in a `RateCounter` that every
 * process shares — Redis when `REDIS_URL` is set, else a PostgreSQL table (one atomic upsert per
 * hit), else (PGlite: one process) memory. Routes use it through @fastify/rate-limit
 * (`config: { rateLimit }`, whose store is `rateLimitStore(counter)`) or, where they answer in
 * their own shape (forms), through `RateLimit.hit`. N processes then allow what one does.
 */
export interface RateCounter {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Counts one hit of `key` in its window; the count so far and the ms until the window ends. */
  incr(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Forgets windows that ended (a periodic chore; memory prunes itself). */
  purge(): Promise<void>;
  close(): Promise<void>;
}

/** Windows kept in memory before ended ones are pruned. */
const MEMORY_PRUNE_AT = 50_000;

export class MemoryRateCounter implements RateCounter {
  readonly kind = 'memory';
  private windows = new Map<string, { resetAt: number; count: number }>();
  constructor(private readonly now: () => number) {}

  async incr(key: string, windowMs: number) {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      if (this.windows.size > MEMORY_PRUNE_AT) await this.purge();
      w = { resetAt: t + windowMs, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, ttlMs: w.resetAt - t };
  }

  async purge() {
    const t = this.now();
    for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
  }

  async close() {}
}

interface Waiter {
  resolve: (r: { count: number; ttlMs: number }) => void;
  reject: (err: unknown) => void;
}

/**
 * Windows in a table. The hits that arrive together (one event-loop turn) share one statement:
 * each key's hits are added at once (`+n`) and handed the counts `c-n+1 … c` in arrival order, so
 * counting stays exact while a burst of requests costs one round trip, not one each. A new or
 * ended window starts over. Keys are written in sorted order so two processes' batches lock rows
 * in the same order (no deadlock).
 */
export class PostgresRateCounter implements RateCounter {
  readonly kind = 'postgres';
  private pending = new Map<string, { windowMs: number; waiters: Waiter[] }>();
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  incr(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    return new Promise((resolve, reject) => {
      let p = this.pending.get(key);
      if (!p) {
        p = { windowMs, waiters: [] };
        this.pending.set(key, p);
      }
      p.waiters.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = [...this.pending].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.pending = new Map();
    const t = this.now();
    try {
      const { rows } = await sql<{ key: string; count: number; reset_at: number }>`
        INSERT INTO rate_limits (key, count, reset_at)
        SELECT k, n, ${t}::bigint + w
        FROM unnest(${batch.map(([k]) => k)}::text[], ${batch.map(([, p]) => p.waiters.length)}::int[],
                    ${batch.map(([, p]) => p.windowMs)}::bigint[]) AS x(k, n, w)
        ORDER BY k
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= ${t} THEN excluded.count
                       ELSE rate_limits.count + excluded.count END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${t} THEN excluded.reset_at
                          ELSE rate_limits.reset_at END
        RETURNING key, count, reset_at`.execute(this.db);
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const [key, p] of batch) {
        const row = byKey.get(key)!;
        const first = row.count - p.waiters.length + 1;
        const ttlMs = Number(row.reset_at) - t;
        p.waiters.forEach((w, i) => w.resolve({ count: first + i, ttlMs }));
      }
    } catch (err) {
      for (const [, p] of batch) for (const w of p.waiters) w.reject(err);
    }
  }

  async purge() {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', this.now()).execute();
  }

  async close() {}
}

/** INCR, and the window's expiry set by its first hit: atomic in one script. */
const REDIS_INCR = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

export class RedisRateCounter implements RateCounter {
  readonly kind = 'redis';
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // Fail a hit fast rather than queue it while Redis is away (the route answers 500 then).
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  }

  async incr(key: string, windowMs: number) {
    const [count, ttlMs] = (await this.redis.eval(
      REDIS_INCR,
      1,
      `${this.prefix}${key}`,
      windowMs,
    )) as [number, number];
    return { count, ttlMs };
  }

  async purge() {} // Redis expires keys itself.

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function openRateCounter(opts: {
  redisUrl: string | undefined;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  now: () => number;
  /** Keeps apart the keys of databases sharing one Redis (the PostgreSQL schema). */
  namespace: string;
}): RateCounter {
  if (opts.redisUrl) return new RedisRateCounter(opts.redisUrl, `rl:${opts.namespace}:`);
  if (opts.dbKind === 'postgres') return new PostgresRateCounter(opts.db, opts.now);
  return new MemoryRateCounter(opts.now);
}

/** A limit with its own name: `max` hits per `windowMs` per key (0: no limit). */
export class RateLimit {
  constructor(
    private readonly counter: RateCounter,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts a hit; 0 when allowed, else the whole seconds until the window resets. */
  async hit(key: string): Promise<number> {
    if (this.max <= 0) return 0;
    const { count, ttlMs } = await this.counter.incr(`${this.name}:${key}`, this.windowMs);
    if (count <= this.max) return 0;
    return Math.max(1, Math.ceil(ttlMs / 1000));
  }
}

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store on a `RateCounter`: the plugin makes one per route (`child`),
 * keyed by the route so two routes' limits never share a count.
 */
export function rateLimitStore(counter: RateCounter) {
  class CounterStore {
    prefix = 'global:';
    // The plugin passes its options; everything this store needs is in `counter`.
    constructor(_options?: unknown) {}
    incr(key: string, cb: StoreCallback, timeWindow: number) {
      counter.incr(`${this.prefix}${key}`, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: object) {
      const r = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      const store = new CounterStore();
      store.prefix = `${r.method ?? ''}${r.url ?? ''}:`;
      return store;
    }
  }
  return CounterStore;
}
