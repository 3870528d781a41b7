import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase, type BackendKind } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { analyticsWritersOf } from '../analytics/routes.js';
import type { HitRow } from '../analytics/writers.js';
import { CHROME_UA, seedTelemetrySites } from '../analytics/test-fixtures.js';
import { EventSchemaRegistry } from '../analytics/event-schemas.js';
import { performanceIngestOf } from './routes.js';
import { IngestQueues } from './ingest-queues.js';
import { insertColumns } from './bulk-insert.js';
import { INGEST_TABLES, type DetailRow } from './record-rows.js';
import { telemetryDrops } from './telemetry-drops.js';

const T0 = Date.UTC(2026, 10, 22, 12);
const HOOK_TIMEOUT = 120_000;

const configFor = (kind: BackendKind) =>
  kind === 'postgres' ? { databaseUrl: process.env.DATABASE_URL } : {};

function record(i: number, data: Record<string, unknown> = {}) {
  return {
    appName: 'website-rum',
    eventName: 'a11y',
    pageLoadId: `abcdefghijklmnopqrs${String(i).padStart(2, '0')}`,
    timestamp: T0,
    data: { path: `/p/${i}`, contrast: 'more', ...data },
  };
}

/**
 * Issue 11: one record the database refuses must not take its batch (every website's telemetry
 * of that second) with it. Good records around a poison one are all stored.
 */
describeEachBackend('telemetry poison records', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let deps: AppDeps;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedTelemetrySites(h);
    ({ app, deps } = await buildTestApp(h, { now: () => T0, config: configFor(kind) }));
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);

  const count = async (table: 'analytics_hits' | 'performance_details') =>
    Number(
      (
        await h!.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('isolates a hit row the database refuses and stores every good one', async () => {
    const writers = analyticsWritersOf(deps);
    const good = (i: number): HitRow => ({
      siteId: 's1',
      visitorId: `v${i}`,
      visitNumber: 1,
      path: `/p/${i}`,
      referrer: null,
      deviceClass: 'desktop',
      isBot: false,
      event: 'view',
      pageType: 2,
      at: T0,
    });
    const before = telemetryDrops()['refused-row'];
    const rows = Array.from({ length: 37 }, (_, i) => good(i));
    // Out of int4's range: PostgreSQL refuses the row (and, before, its whole batch).
    rows.splice(20, 0, { ...good(99), pageType: 3_000_000_000 });
    // And a NUL in text, which it refuses too.
    rows.splice(5, 0, { ...good(98), path: '/a\u0000b' });
    expect(writers.hits.push(rows)).toBe(true);
    await writers.flush();
    expect(await count('analytics_hits')).toBe(37);
    expect(telemetryDrops()['refused-row'] - before).toBe(2);
  });

  it('isolates a RUM row the database refuses, in the ingest queues on this database', async () => {
    await h!.db.deleteFrom('performance_details').execute();
    const failures: number[] = [];
    const queues = new IngestQueues(new EventSchemaRegistry(), {
      write: (table, columns) => insertColumns(h!.db, table, INGEST_TABLES[table], columns),
      onError: (_err, dropped) => failures.push(dropped),
    });
    const row = (i: number, data: string): DetailRow => [
      's1',
      `/p/${i}`,
      'a11y',
      'abcdefghijklmnopqrstu',
      data,
      T0,
    ];
    const rows = Array.from({ length: 50 }, (_, i) => row(i, '{"contrast":"more"}'));
    // jsonb refuses the \u0000 escape.
    rows.splice(33, 0, row(77, '{"contrast":"\\u0000"}'));
    queues.details.push(rows);
    await queues.flush();
    expect(await count('performance_details')).toBe(50);
    expect(failures).toEqual([1]);
  });

  it('strips NUL and lone surrogates from beacons and drops huge timings, keeping the rest', async () => {
    await h!.db.deleteFrom('performance_details').execute();
    await h!.db.deleteFrom('performance_metrics').execute();
    const records = [
      record(1),
      record(2, { contrast: 'mo\u0000re' }),
      record(3, { path: '/p/\ud800x' }),
      record(4),
    ];
    const res = await app!.inject({
      method: 'POST',
      url: '/api/1/performance/records',
      headers: { host: 'localhost', 'content-type': 'text/plain', 'user-agent': CHROME_UA },
      payload: JSON.stringify(records),
    });
    expect(res.statusCode, res.body).toBe(202);
    const speed = {
      appName: 'website-rum',
      eventName: 'page_speed',
      pageLoadId: 'zbcdefghijklmnopqrstu',
      timestamp: T0,
      data: {
        collector_version: '4.13.1',
        path: '/shop',
        first_contentful_paint_ms: 900,
        largest_contentful_paint_ms: 2_147_483_648,
      },
    };
    const res2 = await app!.inject({
      method: 'POST',
      url: '/api/1/performance/records',
      headers: { host: 'localhost', 'content-type': 'text/plain', 'user-agent': CHROME_UA },
      payload: JSON.stringify([speed]),
    });
    expect(res2.statusCode, res2.body).toBe(202);
    await performanceIngestOf(deps).flush();
    const details = await h!.db
      .selectFrom('performance_details')
      .select(['page_path', 'data'])
      .orderBy('page_path')
      .execute();
    expect(details.map((d) => d.page_path)).toEqual(['/p/1', '/p/2', '/p/4', '/p/\ufffdx']);
    expect(details[1]!.data).toMatchObject({ contrast: 'more' });
    const metrics = await h!.db.selectFrom('performance_metrics').select(['metric']).execute();
    expect(metrics.map((m) => m.metric)).toEqual(['fcp']);
  });

  it('stores hits and events whose JSON hides NUL or lone surrogates, cleaned', async () => {
    await analyticsWritersOf(deps).flush();
    await h!.db.deleteFrom('analytics_hits').execute();
    await h!.db.deleteFrom('analytics_events').execute();
    const data = JSON.stringify({ url: 'http://localhost/a\u0000b', pageType: 2 });
    const hit = await app!.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      headers: {
        host: 'localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': CHROME_UA,
      },
      payload: new URLSearchParams({
        event: 'view',
        data,
        ss_cvr: `aaaaaaaa-1111|${T0}|${T0}|${T0}|99999999999`,
      }).toString(),
    });
    expect(hit.statusCode, hit.body).toBe(204);
    const event = await app!.inject({
      method: 'POST',
      url: '/api/v1/clanker/events',
      headers: { host: 'localhost', 'content-type': 'text/plain', 'user-agent': CHROME_UA },
      payload:
        '{"eventSchemaName":"CommerceViewCart","eventContent":{"session_id":"s\\u0000\\ud800"}}',
    });
    expect(event.statusCode).toBeLessThan(500);
    await analyticsWritersOf(deps).flush();
    const hits = await h!.db
      .selectFrom('analytics_hits')
      .select(['path', 'visit_number'])
      .execute();
    expect(hits).toEqual([{ path: '/ab', visit_number: 2_147_483_647 }]);
  });
});
