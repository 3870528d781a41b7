import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { Config } from '../config.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import { describeOnPostgres, openSharedSchema } from '../testing/shared-postgres.js';
import { seedShop } from '../cart/test-fixtures.js';
import {
  MemoryRateCounter,
  PostgresRateCounter,
  RateLimit,
  RedisRateCounter,
  type RateCounter,
} from './rate-limits.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Is anything answering at REDIS_URL? (The Redis suites skip, saying so, when not.) */
async function redisReachable(): Promise<boolean> {
  const u = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname);
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}
const redisUp = await redisReachable();

describeEachBackend('rate counters: fixed windows on the injected clock', (kind) => {
  let h: DatabaseHandle | undefined;
  let t = 1_000_000;
  let counter: RateCounter;
  beforeAll(async () => {
    h = await openTestDatabase(kind);
    counter =
      kind === 'postgres' ? new PostgresRateCounter(h.db, () => t) : new MemoryRateCounter(() => t);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts within a window, starts over when it ends, and forgets ended windows', async () => {
    const limit = new RateLimit(counter, 'test', 3, 60_000);
    expect([await limit.hit('a'), await limit.hit('a'), await limit.hit('a')]).toEqual([0, 0, 0]);
    t += 10_000;
    expect(await limit.hit('a')).toBe(50); // seconds left in the window
    expect(await limit.hit('b')).toBe(0); // other keys count apart
    t += 50_000;
    expect(await limit.hit('a')).toBe(0);
    expect(await new RateLimit(counter, 'off', 0, 60_000).hit('a')).toBe(0);
    // Hits arriving together are counted exactly (PostgreSQL batches them into one statement).
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => counter.incr(i % 3 ? 'burst-a' : 'burst-b', 60_000)),
    );
    expect(burst.filter((_, i) => i % 3).map((r) => r.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(burst.filter((_, i) => !(i % 3)).map((r) => r.count)).toEqual([1, 2, 3, 4]);
    if (kind === 'postgres') {
      t += 120_000;
      await counter.purge();
      const left = await h!.db.selectFrom('rate_limits').select('key').execute();
      expect(left).toEqual([]);
    }
  });
});

/** Two app instances on one PostgreSQL schema, as two processes are. */
function twoInstances(name: string, config: Partial<Config>, skip?: string) {
  const suite = () => {
    let first: DatabaseHandle | undefined;
    let second: DatabaseHandle | undefined;
    const apps: FastifyInstance[] = [];
    beforeAll(async () => {
      ({ first, second } = await openSharedSchema());
      await seedShop(first);
      for (const h of [first, second]) apps.push((await buildTestApp(h, { config })).app);
    }, 120_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      await second?.close();
      await first?.close();
    }, 60_000);

    const visitors = (address: string) =>
      apps.map((app) => {
        const v = new Visitor(app);
        const post = v.post.bind(v);
        v.post = (url, payload, headers = {}) =>
          post(url, payload, { 'x-forwarded-for': address, ...headers });
        return v;
      });

    it('25 sign-in attempts spread over both: exactly the configured 10 pass', async () => {
      const vs = visitors('10.9.0.1');
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await vs[i % 2]!.post('/api/auth/login', {
          email: 'nobody@example.com',
          password: 'wrong password',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    });

    it('the forms limiter is shared too: 5 submission keys a minute in all', async () => {
      const vs = visitors('10.9.0.2');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await vs[i % 2]!.post('/api/form/FormSubmissionKey', {})).statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });
  };
  if (skip) describe.skip(`${name} (${skip})`, suite);
  else describeOnPostgres(name, suite);
}

const formRates = { perAddress: 20, perSite: 600, keysPerAddress: 5 };
twoInstances('shared rate limits on PostgreSQL', { formRates });
twoInstances(
  'shared rate limits on Redis',
  { formRates, redisUrl: REDIS_URL },
  redisUp ? undefined : `skipped: no Redis at ${REDIS_URL}`,
);

describe.runIf(redisUp)('Redis rate counter', () => {
  it('counts atomically and reports the time left', async () => {
    const c = new RedisRateCounter(REDIS_URL, `rl:test-${process.pid}-${Date.now()}:`);
    try {
      const hits = await Promise.all(Array.from({ length: 20 }, () => c.incr('k', 5_000)));
      expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(hits.every((h) => h.ttlMs > 0 && h.ttlMs <= 5_000)).toBe(true);
    } finally {
      await c.close();
    }
  });
});
