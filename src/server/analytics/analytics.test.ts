import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { analyticsWritersOf } from './routes.js';
import { BOT_UA, CHROME_UA, IPHONE_UA, seedTelemetrySites, signIn } from './test-fixtures.js';

const T0 = Date.UTC(2026, 10, 22, 12);
/** The server's clock: T0, moved only by the test that needs events in order. */
let clock = T0;
const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

function hit(ss_cvr: string, data: Record<string, unknown> = {}) {
  return form({
    event: 'view',
    ss_cvr,
    data: JSON.stringify({
      url: 'http://localhost/shop',
      title: 'Shop',
      websiteId: 's1',
      viewportWidth: 1280,
      clientDate: T0,
      ...data,
    }),
  });
}

describeEachBackend('analytics: census, events, errors and summaries', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let owner: Visitor;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedTelemetrySites(h);
    ({ app, deps } = await buildTestApp(h, { now: () => clock }));
    owner = new Visitor(app);
    await signIn(owner, 'a@demo.test');
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });
  beforeEach(async () => {
    await analyticsWritersOf(deps).flush();
    for (const t of ['analytics_hits', 'analytics_events', 'script_errors'] as const)
      await h.db.deleteFrom(t).execute();
  });

  const beacon = (url: string, payload: string, type: string, ua = CHROME_UA, host = 'localhost') =>
    app.inject({
      method: 'POST',
      url,
      headers: { host, 'content-type': type, 'user-agent': ua },
      payload,
    });
  const recordHit = (body: string, ua = CHROME_UA, host = 'localhost') =>
    beacon('/api/census/RecordHit', body, 'application/x-www-form-urlencoded', ua, host);

  it('records hits in batches and summarises visits, visitors, pages, referrers, devices, bots', async () => {
    const a1 = `aaaaaaaa-1111|${T0}|${T0}|${T0}|1`;
    const a2 = `aaaaaaaa-1111|${T0}|${T0}|${T0 + 5}|2`;
    const b1 = `bbbbbbbb-2222|${T0}|${T0}|${T0}|1`;
    const results = [
      await recordHit(hit(a1, { referrer: 'https://www.google.com/search?q=mug' })),
      await recordHit(
        hit(a1, { url: 'http://localhost/shop/p/mug', referrer: 'http://localhost/shop' }),
      ),
      await recordHit(hit(a2, { url: 'http://localhost/' })),
      await recordHit(hit(b1), IPHONE_UA),
      await recordHit(hit(b1), BOT_UA),
      await recordHit(
        hit(b1, { url: 'http://other.localhost/shop' }),
        CHROME_UA,
        'other.localhost',
      ),
    ];
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(await h.db.selectFrom('analytics_hits').selectAll().execute()).toEqual([]);
    await analyticsWritersOf(deps).flush();
    expect(await h.db.selectFrom('analytics_hits').selectAll().execute()).toHaveLength(6);

    const res = await owner.get('/api/analytics/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      visits: 3,
      uniqueVisitors: 2,
      pageViews: 4,
      pages: [
        { path: '/shop', views: 2 },
        { path: '/', views: 1 },
        { path: '/shop/p/mug', views: 1 },
      ],
      referrers: [{ referrer: 'www.google.com', visits: 1 }],
      devices: [
        { deviceClass: 'desktop', visitors: 1, views: 3 },
        { deviceClass: 'mobile', visitors: 1, views: 1 },
      ],
      bots: { hits: 1 },
    });
  });

  it('refuses malformed hits and cross-site hits, and needs no crumb', async () => {
    expect((await recordHit(form({ event: 'view', data: '{' }))).statusCode).toBe(400);
    expect((await recordHit(hit('x', { url: 5 }))).statusCode).toBe(400);
    const cross = await app.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      headers: {
        host: 'localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      payload: hit('x'),
    });
    expect(cross.statusCode).toBe(403);
  });

  it('stores census extras (buttons, forms, overlay, quick view)', async () => {
    const ctx = {
      visitorCookie: 'aaaaaaaa-1111|1|1|1|1',
      pageTitle: 'Shop',
      pagePath: '/shop',
      pageId: 'c1',
      contentSource: 'c',
    };
    const json = 'application/json';
    expect((await beacon('/api/census/button-click', JSON.stringify(ctx), json)).statusCode).toBe(
      204,
    );
    expect((await beacon('/api/census/button-render', JSON.stringify(ctx), json)).statusCode).toBe(
      204,
    );
    expect(
      (
        await beacon(
          '/api/census/form-render',
          JSON.stringify({ ...ctx, formId: 'form-contact' }),
          json,
        )
      ).statusCode,
    ).toBe(204);
    expect((await beacon('/api/census/overlay', JSON.stringify(ctx), json)).statusCode).toBe(204);
    expect(
      (await beacon('/api/census/RecordQuickView/item-9', JSON.stringify(ctx), json)).statusCode,
    ).toBe(204);
    expect(
      (await beacon('/api/census/overlay', JSON.stringify({ ...ctx, contentSource: 'x' }), json))
        .statusCode,
    ).toBe(400);
    await analyticsWritersOf(deps).flush();
    const rows = await h.db.selectFrom('analytics_events').selectAll().orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual([
      'button-click',
      'button-render',
      'form-render',
      'overlay',
      'quick-view',
    ]);
    expect(rows.find((r) => r.name === 'quick-view')!.content).toMatchObject({ itemId: 'item-9' });
    expect(rows.find((r) => r.name === 'form-render')!.content).toMatchObject({
      formId: 'form-contact',
    });
  });

  it('validates named events against the registry: JSON or beacon text, 202; 400 with Ajv errors', async () => {
    const content = {
      website_id: 's1',
      logged_in: false,
      session_id: 'v.1',
      cart_id: null,
      page_id: 'p',
      product_id: 'mug',
      quantity: 2,
    };
    const ok = await beacon(
      '/api/v1/clanker/events',
      JSON.stringify({ eventSchemaName: 'CommerceAddToCart', eventContent: content }),
      'application/json',
    );
    expect(ok.statusCode).toBe(202);
    const text = await beacon(
      '/api/v1/clanker/events',
      JSON.stringify({
        eventSchemaName: 'CommerceViewCart',
        eventContent: { website_id: 's1', logged_in: true },
      }),
      'text/plain;charset=UTF-8',
    );
    expect(text.statusCode).toBe(202);

    const bad = await beacon(
      '/api/v1/clanker/events',
      JSON.stringify({
        eventSchemaName: 'CommerceAddToCart',
        eventContent: { ...content, quantity: 'two', extra: 1 },
      }),
      'application/json',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('EVENT_INVALID');
    expect(bad.json().error.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ instancePath: '/quantity', keyword: 'type' }),
        expect.objectContaining({
          keyword: 'additionalProperties',
          params: { additionalProperty: 'extra' },
        }),
      ]),
    );
    const unknown = await beacon(
      '/api/v1/clanker/events',
      JSON.stringify({ eventSchemaName: 'Nope', eventContent: {} }),
      'application/json',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('EVENT_SCHEMA_UNKNOWN');
    expect(
      (await beacon('/api/v1/clanker/events', '{"eventSchemaName":1}', 'text/plain')).statusCode,
    ).toBe(400);

    // Validate mode writes nothing.
    const valid = await beacon(
      '/api/v1/clanker/validate-event-content/CommerceAddToCart',
      JSON.stringify(content),
      'application/json',
    );
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true, schemaName: 'CommerceAddToCart' });
    const invalid = await beacon(
      '/api/v1/clanker/validate-event-content/Performance',
      JSON.stringify({ eventContent: { path: 1 } }),
      'application/json',
    );
    expect(invalid.statusCode).toBe(400);
    await analyticsWritersOf(deps).flush();
    const rows = await h.db.selectFrom('analytics_events').selectAll().orderBy('name').execute();
    expect(rows.map((r) => [r.name, r.environment, r.session_id])).toEqual([
      ['CommerceAddToCart', 'development', 'v.1'],
      ['CommerceViewCart', 'development', null],
    ]);
  });

  it('counts the commerce funnel by events and sessions for the owner', async () => {
    const send = (name: string, session: string, extra: object = {}) =>
      beacon(
        '/api/v1/clanker/events',
        JSON.stringify({
          eventSchemaName: name,
          eventContent: { website_id: 's1', logged_in: false, session_id: session, ...extra },
        }),
        'application/json',
      );
    await send('CommerceVisitProductPage', 'a', { product_id: 'mug' });
    await send('CommerceVisitProductPage', 'a', { product_id: 'cup' });
    await send('CommerceVisitProductPage', 'b', { product_id: 'mug' });
    await send('CommerceAddToCart', 'a', { product_id: 'mug', quantity: 1 });
    await send('CommerceViewCart', 'a');
    // Straight to the cart from a link: a cart view, but not one that came through the funnel.
    await send('CommerceViewCart', 'c');
    await analyticsWritersOf(deps).flush();
    const res = await owner.get('/api/analytics/funnel');
    expect(res.json().steps).toEqual([
      { step: 'product_views', events: 3, sessions: 2 },
      { step: 'add_to_cart', events: 1, sessions: 1 },
      { step: 'cart_views', events: 2, sessions: 1 },
      { step: 'checkout', events: 0, sessions: 0 },
      { step: 'purchase', events: 0, sessions: 0 },
    ]);
  });

  it('lists the products added to carts most, by units, with their latest name', async () => {
    const add = (session: string, content: object) => {
      clock += 1000; // one add a second, so 'latest name' is well defined
      return beacon(
        '/api/v1/clanker/events',
        JSON.stringify({
          eventSchemaName: 'CommerceAddToCart',
          eventContent: { website_id: 's1', logged_in: false, session_id: session, ...content },
        }),
        'application/json',
      );
    };
    await add('c1', { product_id: 'bowl', product_name: 'Bowl', quantity: 1 });
    await add('c2', { product_id: 'bowl', product_name: 'Salad Bowl', quantity: 2 });
    await add('c1', { product_id: 'plate', product_name: 'Plate', quantity: 4 });
    await add('c1', { product_id: 'spoon', quantity: 1 });
    await analyticsWritersOf(deps).flush();
    clock += 1000;
    const res = await owner.get('/api/analytics/cart-additions');
    clock = T0;
    expect(res.statusCode).toBe(200);
    // Earlier tests of this suite added one mug; it sorts after by units.
    expect(res.json().products.filter((p: { productId: string }) => p.productId !== 'mug')).toEqual(
      [
        { productId: 'plate', productName: 'Plate', adds: 1, units: 4, sessions: 1 },
        { productId: 'bowl', productName: 'Salad Bowl', adds: 2, units: 3, sessions: 2 },
        { productId: 'spoon', productName: null, adds: 1, units: 1, sessions: 1 },
      ],
    );
    const other = new Visitor(app);
    expect((await other.get('/api/analytics/cart-additions')).statusCode).toBe(401);
  });

  it('RecordEvent takes the crumb as a form field', async () => {
    const v = new Visitor(app);
    await v.get('/api/context/config');
    const crumb = v.cookies.get('crumb')!;
    const payload = form({
      crumb,
      event: 'lead',
      data: JSON.stringify({ formId: 'form-newsletter' }),
    });
    const noCrumb = await v.request({
      method: 'POST',
      url: '/api/events/RecordEvent',
      crumb: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ event: 'lead' }),
    });
    expect(noCrumb.statusCode).toBe(403);
    const ok = await v.request({
      method: 'POST',
      url: '/api/events/RecordEvent',
      crumb: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    expect(ok.statusCode).toBe(200);
    await analyticsWritersOf(deps).flush();
    const rows = await h.db.selectFrom('analytics_events').selectAll().execute();
    expect(rows).toMatchObject([
      { source: 'record-event', name: 'lead', content: { formId: 'form-newsletter' } },
    ]);
  });

  it('stores script errors (CSRF header required) and groups them for the owner only', async () => {
    const v = new Visitor(app);
    const err = (message: string, t: number) => ({
      event: 'javascript_error',
      timestamp: t,
      data: { message, stack: 'at x', url: 'http://localhost/shop', kind: 'error' },
    });
    const noCrumb = await app.inject({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      headers: { host: 'localhost', cookie: 'a=b' },
      payload: [err('x', 1)],
    });
    expect(noCrumb.statusCode).toBe(403);
    expect(
      (
        await v.post(
          '/api/events/RecordJavascriptErrors',
          [err('boom', 1), err('boom', 2), err('other', 3)],
          { 'user-agent': CHROME_UA },
        )
      ).statusCode,
    ).toBe(202);
    expect(
      (
        await v.post(
          '/api/events/RecordJavascriptErrors',
          Array.from({ length: 11 }, (_, i) => err('x', i)),
        )
      ).statusCode,
    ).toBe(400);
    await analyticsWritersOf(deps).flush();
    expect((await v.get('/api/errors/summary')).statusCode).toBe(401);
    const res = await owner.get('/api/errors/summary');
    expect(res.json().errors).toEqual([
      { message: 'boom', count: 2, lastSeen: T0, stack: 'at x', pageUrl: 'http://localhost/shop' },
      { message: 'other', count: 1, lastSeen: T0, stack: 'at x', pageUrl: 'http://localhost/shop' },
    ]);
    const other = new Visitor(app);
    await signIn(other, 'b@demo.test');
    expect((await other.get('/api/errors/summary')).statusCode).toBe(403);
    expect((await other.get('/api/analytics/summary')).statusCode).toBe(403);
    expect((await other.get('/api/analytics/funnel')).statusCode).toBe(403);
  });

  it('serves the app-shell configuration and the website description', async () => {
    const v = new Visitor(app);
    const config = (await v.get('/api/context/config')).json();
    expect(config).toEqual({
      websiteId: 's1',
      environment: 'development',
      collectorEndpoint: '/api/1/performance/records',
      eventsEndpoint: '/api/v1/clanker/events',
      flags: { analyticsDisabled: false, performanceCollector: true },
    });
    const mine = (await v.get('/api/rest/websites/mine')).json();
    expect(mine).toMatchObject({
      id: 's1',
      siteStatus: 1,
      developerMode: false,
      language: 'en-US',
      websiteType: 1,
    });
    expect(typeof mine.createdOn).toBe('number');
  });
});
