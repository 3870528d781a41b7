import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import { seedRenderSite } from '../render/testing/seed-render-site.js';
import { addTestForms, submit } from '../forms/test-fixtures.js';
import { RESTOCK_API } from '../../shared/restock/types.js';

const HOOK_TIMEOUT = 120_000;

/** Issue 11's inputs that reached the database (or a Date) and answered 500. */
describeEachBackend('input boundary: bad input is a 4xx, never a 500', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let owner: Visitor;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedRenderSite(h.db);
    await addTestForms(h, 'site-r');
    const id = await createOwner(h.db, {
      email: 'o@demo.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, 'site-r', id, Role.ADMIN);
    ({ app } = await buildTestApp(h));
    owner = new Visitor(app);
    const res = await owner.post('/api/auth/login', {
      email: 'o@demo.test',
      password: 'pw-123456',
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);

  const get = (url: string) => app!.inject({ url, headers: { host: 'localhost' } });

  it.each([
    '/search?q=%00',
    '/blog/%00',
    '/shop/p/%00',
    '/shop/p/a%00b',
    '/unsubscribe?token=%00',
    '/config/login?next=a&next=b',
    '/search?q=a&q=b',
  ])('GET %s → 4xx', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it('answers a page that merely mentions NUL-free input as before', async () => {
    expect((await get('/search?q=mug')).statusCode).toBe(200);
    expect((await get('/blog/first-post')).statusCode).toBe(200);
  });

  it('refuses owner summaries with a date out of range', async () => {
    for (const q of [
      'from=99999999999999999999',
      'to=99999999999999999999',
      'from=8640000000000001',
      'from=%00',
    ]) {
      const res = await owner.get(`/api/analytics/summary?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
    }
    expect((await owner.get('/api/analytics/summary?from=0')).statusCode).toBe(200);
  });

  it('refuses a crafted restock cursor', async () => {
    const cursor = Buffer.from('[1e400,"x"]').toString('base64url');
    const res = await owner.get(`${RESTOCK_API.signUps}?productId=p&cursor=${cursor}`);
    expect(res.statusCode, res.body).toBe(400);
    // Coerced to Infinity, which passes the schema's bounds.
    expect((await owner.get(`${RESTOCK_API.groups}?limit=1e400`)).statusCode).toBe(400);
    const big = Buffer.from('[8640000000000001,"x"]').toString('base64url');
    expect((await owner.get(`${RESTOCK_API.signUps}?productId=p&cursor=${big}`)).statusCode).toBe(
      400,
    );
  });

  it('refuses a lone surrogate or NUL in a form body, and stores nothing', async () => {
    const v = new Visitor(app!);
    for (const pagePath of ['/a\ud800b', '/a\u0000b']) {
      const res = await submit(v, 'form-newsletter', { email: 'ada@example.com' }, { pagePath });
      expect(res.statusCode, res.body).toBe(400);
    }
    const rows = await h!.db.selectFrom('form_submissions').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('refuses an array where a string is declared', async () => {
    const v = new Visitor(app!);
    const res = await v.post('/api/commerce/shopping-cart/entries', {
      itemId: ['site-r-blue-mug'],
      sku: 'SQ-BLUE',
      quantity: 1,
    });
    expect(res.statusCode, res.body).toBe(400);
    const n = await h!.db.selectFrom('carts').selectAll().execute();
    expect(n).toEqual([]);
  });

  // Ajv coerces scalars (`?limit=5` is a number) but never arrays: with Fastify's default
  // `coerceTypes: 'array'`, `["x"]` would pass as "x" and `[5]` as 5.
  it('never coerces an array to a string or a number, from any part of the request', async () => {
    const v = new Visitor(app!);
    // The same key twice in a form body parses to an array.
    const entry = 'itemId=site-r-blue-mug&sku=site-r-blue-s';
    const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
    const form = await v.post('/api/commerce/shopping-cart/entries', entry, urlencoded);
    expect(form.statusCode, form.body).toBe(200);
    const formTwice = await v.post(
      '/api/commerce/shopping-cart/entries',
      `${entry}&itemId=site-r-blue-mug`,
      urlencoded,
    );
    expect(formTwice.statusCode, formTwice.body).toBe(400);
    const subscription = await v.post('/api/3/commerce/cart/subscription', {
      itemId: ['site-r-blue-mug'],
    });
    expect(subscription.statusCode, subscription.body).toBe(400);

    const stock = '/api/commerce/inventory/stock?itemId=site-r-blue-mug';
    expect((await v.get(stock)).statusCode).toBe(200);
    expect((await v.get(`${stock}&itemId=site-r-blue-mug`)).statusCode).toBe(400);

    const signIn = await new Visitor(app!).post('/api/auth/login', {
      email: ['o@demo.test'],
      password: 'pw-123456',
    });
    expect(signIn.statusCode, signIn.body).toBe(400);

    const variant = '/api/commerce/inventory/site-r-blue-s';
    const one = await owner.put(variant, { qtyInStock: [7] });
    expect(one.statusCode, one.body).toBe(400);
    const stored = await h!.db
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('id', '=', 'site-r-blue-s')
      .executeTakeFirstOrThrow();
    expect(stored.qty_in_stock).toBe(5);
    // A scalar in text is still coerced (form bodies and query strings carry only text).
    expect((await owner.put(variant, { qtyInStock: '5' })).statusCode).toBe(200);
  });

  it('refuses NUL in a cookie that reaches the database', async () => {
    const res = await app!.inject({
      url: '/api/commerce/shopping-cart',
      headers: { host: 'localhost', cookie: 'cart=%00abc' },
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
