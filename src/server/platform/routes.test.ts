import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import { seedShop } from '../cart/test-fixtures.js';

const TOKEN = 'metrics-test-token';

describeEachBackend('health, readiness and metrics', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let bare: FastifyInstance | undefined;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h, { config: { metricsToken: TOKEN } }));
    ({ app: bare } = await buildTestApp(h));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await h?.close();
  }, 60_000);

  it('/healthz and /readyz answer on any host, without cookies', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await app!.inject({ url, headers: { host: 'no-such-site.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('/readyz is 503 while a migration is missing', async () => {
    const table =
      kind === 'postgres'
        ? sql.id(h!.connection!.schema!, 'kysely_migration')
        : sql.id('kysely_migration');
    const row = await sql<{ name: string; timestamp: string }>`
      DELETE FROM ${table} WHERE name = '20261125_0100_platform_rate_limits' RETURNING *`.execute(
      h!.db,
    );
    try {
      const res = await app!.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, reason: 'migrations pending' });
    } finally {
      const r = row.rows[0]!;
      await sql`INSERT INTO ${table} (name, timestamp) VALUES (${r.name}, ${r.timestamp})`.execute(
        h!.db,
      );
    }
    expect((await app!.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/metrics needs the token: 404 when none is set, 401 with a wrong one', async () => {
    expect((await bare!.inject({ url: '/metrics' })).statusCode).toBe(404);
    const wrong = await app!.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect((await app!.inject({ url: '/metrics' })).statusCode).toBe(401);
  });

  it('/metrics counts requests by route and status, with latency, and cache hits', async () => {
    await app!.inject({ url: '/shop/p/mug', headers: { host: 'localhost' } });
    await app!.inject({ url: '/shop/p/mug', headers: { host: 'localhost' } });
    await app!.inject({ url: '/healthz' });
    const res = await app!.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const sample = (name: string, ...labels: string[]) => {
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`${name}{`) && labels.every((x) => l.includes(x)));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    const healthz = ['route="/healthz"', 'method="GET"', 'status="200"', 'worker="0"'];
    expect(sample('http_request_duration_seconds_count', ...healthz)).toBeGreaterThan(0);
    expect(sample('http_request_duration_seconds_bucket', 'le="5"', ...healthz)).toBeGreaterThan(0);
    const page = ['route="/*"', 'status="200"'];
    expect(sample('http_request_duration_seconds_count', ...page)).toBe(2);
    expect(sample('cache_hits_total', 'cache="pages"')).toBeGreaterThan(0);
    expect(sample('cache_misses_total', 'cache="pages"')).toBeGreaterThan(0);
    expect(text).toMatch(/telemetry_dropped_records_total\{[^}]*reason="refused-row"/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

describeEachBackend('readiness without a database', (kind) => {
  it('/readyz is 503 when the database does not answer; /healthz stays 200', async () => {
    const h = await openTestDatabase(kind);
    const { app } = await buildTestApp(h);
    try {
      await h.close();
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, reason: 'database unreachable' });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);
});
