import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { analyticsWritersOf } from './routes.js';
import { CHROME_UA, seedTelemetrySites } from './test-fixtures.js';
import { telemetryDrops } from '../performance/telemetry-drops.js';
import { performanceIngestOf } from '../performance/routes.js';

const T0 = Date.UTC(2026, 10, 22, 12);
const HOOK_TIMEOUT = 120_000;
const FORM = 'application/x-www-form-urlencoded';

const hitBody = (url: string) =>
  new URLSearchParams({ event: 'view', data: JSON.stringify({ url }) }).toString();

function rum(hostName: string) {
  return JSON.stringify([
    {
      appName: 'website-rum',
      eventName: 'page_speed',
      pageLoadId: 'abcdefghijklmnopqrstu',
      timestamp: T0,
      data: {
        collector_version: '4.13.1',
        path: '/shop',
        host_name: hostName,
        first_contentful_paint_ms: 900,
      },
    },
  ]);
}

/** Issue 11: analytics anyone can fake, and beacons from other sites' pages. */
describeEachBackend('telemetry can be trusted', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let deps: AppDeps;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedTelemetrySites(h);
    ({ app, deps } = await buildTestApp(h, {
      now: () => T0,
      config: { telemetryRatePerAddress: 5 },
    }));
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);
  beforeEach(async () => {
    await analyticsWritersOf(deps).flush();
    await h!.db.deleteFrom('analytics_hits').execute();
  });

  let address = 0;
  /** Each call its own client address, so only the rate-limit test meets the limit. */
  const post = (
    url: string,
    payload: string,
    type: string,
    headers: Record<string, string> = {},
    host = 'localhost',
  ) =>
    app!.inject({
      method: 'POST',
      url,
      headers: {
        host,
        'content-type': type,
        'user-agent': CHROME_UA,
        'x-forwarded-for': `10.0.0.${++address}`,
        ...headers,
      },
      payload,
    });

  it('accepts hits only for pages on the website’s own hosts', async () => {
    const before = telemetryDrops()['foreign-host'];
    const ok = [
      await post('/api/census/RecordHit', hitBody('http://localhost/shop'), FORM),
      await post('/api/census/RecordHit', hitBody('http://demo.localhost:3000/x'), FORM),
      await post(
        '/api/census/RecordHit',
        hitBody('http://other.localhost/'),
        FORM,
        {},
        'other.localhost',
      ),
    ];
    expect(ok.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    const refused = [
      await post('/api/census/RecordHit', hitBody('https://evil.example/shop'), FORM),
      await post('/api/census/RecordHit', hitBody('http://other.localhost/'), FORM),
      await post('/api/census/RecordHit', hitBody('/relative'), FORM),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect(telemetryDrops()['foreign-host'] - before).toBe(3);
    await analyticsWritersOf(deps).flush();
    const rows = await h!.db.selectFrom('analytics_hits').select('site_id').execute();
    expect(rows.map((r) => r.site_id).sort()).toEqual(['s1', 's1', 's2']);
  });

  it('accepts RUM records only for the website’s hosts', async () => {
    const url = '/api/1/performance/records';
    expect((await post(url, rum('localhost'), 'text/plain')).statusCode).toBe(202);
    expect((await post(url, rum('evil.example'), 'text/plain')).statusCode).toBe(400);
    await performanceIngestOf(deps).flush();
  });

  it('refuses events for another host', async () => {
    const content = (host: string) =>
      JSON.stringify({ eventSchemaName: 'CommerceViewCart', eventContent: { page_host: host } });
    const res = await post('/api/v1/clanker/events', content('evil.example'), 'text/plain');
    expect(res.statusCode).toBe(400);
  });

  it('refuses beacons with a foreign Origin', async () => {
    const body = hitBody('http://localhost/shop');
    for (const origin of ['evil', 'https://evil.example', 'http://other.localhost']) {
      const res = await post('/api/census/RecordHit', body, FORM, { origin });
      expect(res.statusCode, origin).toBe(403);
    }
    expect(
      (await post('/api/census/RecordHit', body, FORM, { origin: 'http://localhost' })).statusCode,
    ).toBe(204);
    const rumRes = await post('/api/1/performance/records', rum('localhost'), 'text/plain', {
      origin: 'https://evil.example',
    });
    expect(rumRes.statusCode).toBe(403);
  });

  it('limits telemetry requests per address (TELEMETRY_RATE_PER_IP)', async () => {
    const before = telemetryDrops()['rate-limited'];
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post('/api/census/RecordHit', hitBody('http://localhost/shop'), FORM, {
        'x-forwarded-for': '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    expect(telemetryDrops()['rate-limited'] - before).toBe(2);
    // Another address is not affected.
    expect(
      (await post('/api/census/RecordHit', hitBody('http://localhost/shop'), FORM)).statusCode,
    ).toBe(204);
  });

  it('accepts the empty body RecordQuickView declares', async () => {
    const url = '/api/census/RecordQuickView/item-1';
    const bare = await app!.inject({
      method: 'POST',
      url,
      headers: { host: 'localhost', 'x-forwarded-for': '10.1.1.1' },
    });
    expect(bare.statusCode, bare.body).toBe(204);
    for (const type of ['application/json', 'text/plain', FORM]) {
      const res = await post(url, '', type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(204);
    }
  });
});
