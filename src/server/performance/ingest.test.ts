import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase, type BackendKind } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { performanceIngestOf } from './routes.js';
import {
  BOT_UA,
  CHROME_UA,
  IPHONE_UA,
  seedTelemetrySites,
  signIn,
} from '../analytics/test-fixtures.js';

const T0 = Date.UTC(2026, 10, 22, 12);

function pageSpeed(over: Record<string, unknown> = {}, id = 'abcdefghijklmnopqrstu') {
  return {
    appName: 'website-rum',
    eventName: 'page_speed',
    pageLoadId: id,
    timestamp: T0,
    data: {
      collector_version: '4.13.1',
      event_owner_team: 'web_performance',
      action: 'load',
      path: '/shop/p/mug',
      viewport_width: 1280,
      first_contentful_paint_ms: 900,
      largest_contentful_paint_ms: 3000,
      largest_contentful_paint_element: 'main>img.hero',
      cumulative_layout_shift: 0.3,
      interaction_to_next_paint_ms: 120,
      time_to_first_byte_ms: 200,
      ...over,
    },
  };
}

const post = (app: FastifyInstance, body: string, ua = CHROME_UA, host = 'localhost') =>
  app.inject({
    method: 'POST',
    url: '/api/1/performance/records',
    headers: { host, 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua },
    payload: body,
  });

/**
 * With PostgreSQL the app knows its URL (as main.ts does), so the ingest worker writes over a pool
 * of its own; with PGlite the worker's batches come back to the app's database.
 */
const configFor = (kind: BackendKind) =>
  kind === 'postgres' ? { databaseUrl: process.env.DATABASE_URL } : {};

describeEachBackend('performance records ingest', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let clock = T0;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedTelemetrySites(h);
    ({ app, deps } = await buildTestApp(h, { now: () => clock, config: configFor(kind) }));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });
  beforeEach(async () => {
    await performanceIngestOf(deps).flush();
    await h.db.deleteFrom('performance_metrics').execute();
    await h.db.deleteFrom('performance_details').execute();
    clock = T0;
  });

  it('answers 202 at once, queues, and stores one row per metric with server ratings', async () => {
    const records = [
      pageSpeed(),
      {
        appName: 'website-rum',
        eventName: 'a11y',
        pageLoadId: 'abcdefghijklmnopqrstu',
        timestamp: T0,
        data: { path: '/shop/p/mug', contrast: 'more', reduced_motion: true, keyboard_used: false },
      },
    ];
    const res = await post(app, JSON.stringify(records));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    // Nothing is written on the request path.
    expect(await h.db.selectFrom('performance_metrics').selectAll().execute()).toEqual([]);
    expect(await performanceIngestOf(deps).queued()).toEqual({ metrics: 5, details: 1 });
    await performanceIngestOf(deps).flush();
    const rows = await h.db
      .selectFrom('performance_metrics')
      .selectAll()
      .orderBy('metric')
      .execute();
    expect(rows.map((r) => [r.metric, r.value, r.rating])).toEqual([
      ['cls', 0.3, 'poor'],
      ['fcp', 900, 'good'],
      ['inp', 120, 'good'],
      ['lcp', 3000, 'needs-improvement'],
      ['ttfb', 200, 'good'],
    ]);
    expect(rows[3]).toMatchObject({
      site_id: 's1',
      page_path: '/shop/p/mug',
      device_class: 'desktop',
      lcp_element: 'main>img.hero',
      page_load_id: 'abcdefghijklmnopqrstu',
      occurred_at: T0,
    });
    const details = await h.db.selectFrom('performance_details').selectAll().execute();
    expect(details).toHaveLength(1);
    expect(details[0]!.data).toMatchObject({ contrast: 'more', reduced_motion: true });
  });

  it('refuses the whole request when any record is invalid, with Ajv errors', async () => {
    const bad = [
      pageSpeed(),
      pageSpeed({ cumulative_layout_shift: 'big' }),
      { ...pageSpeed(), pageLoadId: 'short' },
    ];
    const res = await post(app, JSON.stringify(bad));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('EVENT_INVALID');
    const paths = body.error.errors.map((e: { instancePath: string }) => e.instancePath);
    expect(paths).toContain('/1/data/cumulative_layout_shift');
    expect(paths).toContain('/2/pageLoadId');
    const notJson = await post(app, 'not json');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toBe('The body must be a JSON array of records.');
    const noBody = await app.inject({
      method: 'POST',
      url: '/api/1/performance/records',
      headers: { host: 'localhost', 'user-agent': CHROME_UA },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.message).toBe('The body must be a JSON array of records.');
    expect((await post(app, '[]')).statusCode).toBe(400);
    expect((await post(app, JSON.stringify([{ ...pageSpeed(), eventName: 'x' }]))).statusCode).toBe(
      400,
    );
    await performanceIngestOf(deps).flush();
    expect(await h.db.selectFrom('performance_metrics').selectAll().execute()).toEqual([]);
  });

  it('answers 413 above 64 KB per request', async () => {
    const big = JSON.stringify([pageSpeed({ url_hash: 'x'.repeat(400) })]).padEnd(
      64 * 1024 + 1,
      ' ',
    );
    const res = await post(app, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const under = JSON.stringify([pageSpeed()]).padEnd(64 * 1024 - 10, ' ');
    expect((await post(app, under)).statusCode).toBe(202);
  });

  it('takes no crumb (beacons), refuses cross-site pages, and never stores bots', async () => {
    const cross = await app.inject({
      method: 'POST',
      url: '/api/1/performance/records',
      headers: { host: 'localhost', 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      payload: JSON.stringify([pageSpeed()]),
    });
    expect(cross.statusCode).toBe(403);
    expect((await post(app, JSON.stringify([pageSpeed()]), BOT_UA)).statusCode).toBe(202);
    expect(await performanceIngestOf(deps).queued()).toEqual({ metrics: 0, details: 0 });
    expect((await post(app, JSON.stringify([pageSpeed()]), IPHONE_UA)).statusCode).toBe(202);
    await performanceIngestOf(deps).flush();
    const rows = await h.db.selectFrom('performance_metrics').select('device_class').execute();
    expect(new Set(rows.map((r) => r.device_class))).toEqual(new Set(['mobile']));
  });

  it('takes application/json bodies too (kept as text for the worker)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/1/performance/records',
      headers: { host: 'localhost', 'content-type': 'application/json', 'user-agent': CHROME_UA },
      payload: JSON.stringify([pageSpeed()]),
    });
    expect(res.statusCode).toBe(202);
    await performanceIngestOf(deps).flush();
    expect(await h.db.selectFrom('performance_metrics').selectAll().execute()).toHaveLength(5);
  });

  it('summarises p75 and rating shares per page and device for the site owner only', async () => {
    const lcps = [1000, 2000, 3000, 5000];
    const records = lcps.map((lcp, i) =>
      pageSpeed(
        {
          largest_contentful_paint_ms: lcp,
          largest_contentful_paint_element: i < 3 ? 'img.hero' : 'h1',
        },
        `${'a'.repeat(20)}${i}`,
      ),
    );
    expect((await post(app, JSON.stringify(records))).statusCode).toBe(202);
    await post(app, JSON.stringify([pageSpeed({ path: '/x' })]), CHROME_UA, 'other.localhost');
    await performanceIngestOf(deps).flush();

    const anonymous = new Visitor(app);
    expect((await anonymous.get('/api/performance/summary')).statusCode).toBe(401);
    const otherOwner = new Visitor(app);
    await signIn(otherOwner, 'b@demo.test');
    expect((await otherOwner.get('/api/performance/summary')).statusCode).toBe(403);

    const owner = new Visitor(app);
    await signIn(owner, 'a@demo.test');
    const res = await owner.get(`/api/performance/summary?from=${T0 - 1000}&to=${T0 + 1000}`);
    expect(res.statusCode).toBe(200);
    const pages = res.json().pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ pagePath: '/shop/p/mug', deviceClass: 'desktop' });
    const lcp = pages[0].metrics.find((m: { metric: string }) => m.metric === 'lcp');
    // p75 of 1000, 2000, 3000, 5000 by linear interpolation: 3500.
    expect(lcp).toEqual({
      metric: 'lcp',
      p75: 3500,
      count: 4,
      good: 0.5,
      needsImprovement: 0.25,
      poor: 0.25,
    });
    expect(pages[0].lcpElements).toEqual([
      { element: 'img.hero', count: 3 },
      { element: 'h1', count: 1 },
    ]);
    const outside = await owner.get(`/api/performance/summary?from=${T0 + 5000}&to=${T0 + 9000}`);
    expect(outside.json().pages).toEqual([]);
    // Defaults to the last 30 days up to now (the fake clock).
    expect((await owner.get('/api/performance/summary')).json().pages).toHaveLength(1);
    expect((await owner.get(`/api/performance/summary?from=${T0 + 5000}`)).statusCode).toBe(400);
  });

  it('writes what is queued when the app closes', async () => {
    const own = await buildTestApp(h, { now: () => T0, config: configFor(kind) });
    await h.db.deleteFrom('performance_metrics').execute();
    expect((await post(own.app, JSON.stringify([pageSpeed()]))).statusCode).toBe(202);
    expect(await h.db.selectFrom('performance_metrics').selectAll().execute()).toEqual([]);
    await own.app.close();
    expect(await h.db.selectFrom('performance_metrics').selectAll().execute()).toHaveLength(5);
  });
});
