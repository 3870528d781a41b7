import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Messages } from '../../shared/errors.js';
import { CART_COOKIE } from '../cart/cart-cookie.js';
import { HOST_B, SITE_A, SITE_B, seedShop, Shopper } from '../cart/test-fixtures.js';

const SUBSCRIPTION = '/api/3/commerce/cart/subscription';

describeEachBackend('checkout entry routes', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  describe('subscription cart (SPEC 4.1 path 1)', () => {
    it('answers data.cartToken and renders the subscription checkout', async () => {
      const v = new Shopper(app);
      const res = await v.post(SUBSCRIPTION, {
        itemId: 'coffee',
        sku: 'COFFEE',
        qty: 1,
        additionalFields: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().data.cartToken as string;
      expect(token).toMatch(/^[\w-]{30,}$/);
      // Nothing went into the ordinary cart.
      expect(v.cookies.has(CART_COOKIE)).toBe(false);
      const rows = await h.db.selectFrom('subscription_carts').selectAll().execute();
      expect(rows.some((r) => r.token_hash === token)).toBe(false);

      const page = await v.get(`/checkout/subscribe?cartToken=${encodeURIComponent(token)}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('Coffee &lt;Club&gt;');
      expect(page.body).not.toContain('Coffee <Club>');
      expect(page.body).toContain('$20.00 every month');
      // The checkout island in its subscription mode, in the theme (subscriptions/routes.ts).
      expect(page.body).toContain('data-island="checkout-page"');
      expect(page.body).toContain('class="site-header');
    });

    it('prices a chosen subscription option with its discount and duration', async () => {
      const v = new Shopper(app);
      const res = await v.post(SUBSCRIPTION, {
        itemId: 'coffee',
        sku: 'COFFEE',
        qty: '2',
        subscriptionOptionId: 'opt-3m',
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = await v.get(`/checkout/subscribe?cartToken=${res.json().data.cartToken}`);
      // 2 × ($20.00 − 10%) every month for 12 months = 1 year (SPEC 9.2 year conversion).
      expect(page.body).toContain('$36.00 every month for 1 year');
    });

    it('fails with data.message (SPEC 7) and a non-2xx status', async () => {
      const v = new Shopper(app);
      const cases: [Record<string, unknown>, number, string, string][] = [
        [
          { itemId: 'mug', sku: 'MUG-S', qty: 1 },
          400,
          'NOT_SUBSCRIBABLE',
          Messages.NOT_SUBSCRIBABLE,
        ],
        [
          { itemId: 'coffee', sku: 'COFFEE', qty: 1.5 },
          400,
          'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
          Messages.QUANTITY_NOT_WHOLE,
        ],
        [
          { itemId: 'coffee', sku: 'COFFEE', qty: 'x' },
          400,
          'QUANTITY_NOT_A_NUMBER',
          Messages.QUANTITY_NOT_A_NUMBER,
        ],
        [
          { itemId: 'coffee', sku: 'NOPE', qty: 1 },
          400,
          'VARIANT_UNAVAILABLE',
          Messages.VARIANT_UNAVAILABLE,
        ],
        [{ itemId: 'coffee', sku: 'COFFEE', qty: 4 }, 409, 'OUT_OF_STOCK', Messages.OUT_OF_STOCK],
        [
          { itemId: 'coffee', sku: 'COFFEE', qty: 1, subscriptionOptionId: 'nope' },
          400,
          'SUBSCRIPTION_OPTION_UNAVAILABLE',
          Messages.SUBSCRIPTION_OPTION_UNAVAILABLE,
        ],
      ];
      for (const [body, status, code, message] of cases) {
        const res = await v.post(SUBSCRIPTION, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().data).toEqual({ message, code });
      }
      const noCookies = await app.inject({
        method: 'POST',
        url: SUBSCRIPTION,
        headers: { host: 'localhost', 'x-forwarded-for': '10.8.0.1' },
        payload: { itemId: 'coffee', sku: 'COFFEE', qty: 1 },
      });
      expect(noCookies.statusCode).toBe(403);
      expect(noCookies.json().data.message).toBe(Messages.COOKIES_DISABLED);
      const forged = await v.post(
        SUBSCRIPTION,
        { itemId: 'coffee', sku: 'COFFEE', qty: 1 },
        {
          'x-csrf-token': 'nope',
        },
      );
      expect(forged.statusCode).toBe(403);
      expect(forged.json().data.message).toBe(Messages.SESSION_EXPIRED);
      expect(
        await h.db.selectFrom('subscription_carts').select('token_hash').execute(),
      ).toHaveLength(2);
    });

    it('takes one unit of a service where the store allows only one (SPEC 3.3)', async () => {
      const b = new Shopper(app, HOST_B);
      const before = await h.db.selectFrom('subscription_carts').select('token_hash').execute();
      const two = await b.post(SUBSCRIPTION, { itemId: 'other-class', sku: 'OTHER-CLASS', qty: 2 });
      expect(two.statusCode, two.body).toBe(400);
      expect(two.json().data).toEqual({
        message: Messages.SERVICE_SINGLE_QUANTITY,
        code: 'QUANTITY_OUT_OF_RANGE',
      });
      expect(await h.db.selectFrom('subscription_carts').select('token_hash').execute()).toEqual(
        before,
      );
      const one = await b.post(SUBSCRIPTION, { itemId: 'other-class', sku: 'OTHER-CLASS', qty: 1 });
      expect(one.statusCode, one.body).toBe(200);
    });

    it('gives 404 for unknown tokens and other websites’ tokens', async () => {
      const v = new Shopper(app);
      const token = (await v.post(SUBSCRIPTION, { itemId: 'coffee', sku: 'COFFEE', qty: 1 })).json()
        .data.cartToken;
      expect((await v.get('/checkout/subscribe?cartToken=nope')).statusCode).toBe(404);
      expect((await v.get('/checkout/subscribe')).statusCode).toBe(404);
      const b = new Shopper(app, HOST_B);
      expect((await b.get(`/checkout/subscribe?cartToken=${token}`)).statusCode).toBe(404);
    });
  });

  describe('gift card checkout', () => {
    it('renders the gift card checkout: denominations, the chosen one, the test card', async () => {
      const v = new Shopper(app);
      const chosen = await v.get(
        `/checkout/giftcard?websiteId=${SITE_A}&giftCardProductId=gift&sku=GIFT-50`,
      );
      expect(chosen.statusCode).toBe(200);
      expect(chosen.headers['cache-control']).toBe('no-store');
      expect(chosen.body).toContain('Gift Card');
      expect(chosen.body).toContain('$25.00');
      expect(chosen.body).toContain('$50.00');
      expect(chosen.body).toContain('gift-card-checkout');
      // The island's server render: the chosen denomination checked, the recipient fields.
      expect(chosen.body).toMatch(/value="GIFT-50"[^>]*checked|checked[^>]*value="GIFT-50"/);
      expect(chosen.body).toContain('Recipient email');
      expect(chosen.body).toContain('Buy gift card');
      const all = await v.get(`/checkout/giftcard?websiteId=${SITE_A}&giftCardProductId=gift`);
      expect(all.statusCode).toBe(200);
      expect(all.body).toContain('$25.00');
    });

    it('gives 404 for another website, a product that is not a gift card, or an unknown sku', async () => {
      const v = new Shopper(app);
      for (const q of [
        `websiteId=${SITE_B}&giftCardProductId=gift`,
        `giftCardProductId=gift`,
        `websiteId=${SITE_A}&giftCardProductId=mug&sku=MUG-S`,
        `websiteId=${SITE_A}&giftCardProductId=gift&sku=NOPE`,
        `websiteId=${SITE_A}&giftCardProductId=nope`,
      ]) {
        expect((await v.get(`/checkout/giftcard?${q}`)).statusCode, q).toBe(404);
      }
    });
  });

  describe('express checkout (/commerce/goto-checkout)', () => {
    it('sends a browser without a cart cookie to /cart', async () => {
      const v = new Shopper(app);
      const res = await v.get('/commerce/goto-checkout');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/cart');
      v.cookies.set(CART_COOKIE, 'forged.cookie');
      expect((await v.get('/commerce/goto-checkout')).headers.location).toBe('/cart');
    });

    it('sends a browser with a cart to /checkout, empty or not', async () => {
      const v = new Shopper(app);
      const added = (
        await v.post('/api/commerce/shopping-cart/entries', { itemId: 'mug', sku: 'MUG-S' })
      ).json();
      const res = await v.get('/commerce/goto-checkout');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/checkout');
      expect(res.headers['cache-control']).toBe('no-store');
      await v.delete(`/api/commerce/shopping-cart/entries/${added.newlyAdded.id}`);
      // The checkout page says the cart is empty itself.
      expect((await v.get('/commerce/goto-checkout')).headers.location).toBe('/checkout');
    });
  });

  describe('/checkout (pageType 201)', () => {
    it('renders in the theme with the checkout island, no visitor data, never stored', async () => {
      const v = new Shopper(app);
      await v.post('/api/commerce/shopping-cart/entries', {
        itemId: 'xss',
        sku: 'XSS',
        quantity: 1,
      });
      const res = await v.get('/checkout');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('data-island="checkout-page"');
      expect(res.body).toContain('class="site-header');
      expect(res.body).toContain('<h1 class="page-title">Checkout</h1>');
      // The cart is fetched by the island, never baked into the HTML.
      expect(res.body).not.toContain('Bold');
      expect(res.body).toContain('Loading…');
    });

    it('answers ?format=json with pageType 201 and the island props', async () => {
      const b = new Shopper(app, HOST_B);
      const res = await b.get('/checkout?format=json');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const ctx = res.json();
      expect(ctx.pageType).toBe(201);
      expect(ctx.checkoutPageIsland).toEqual({ locale: expect.any(String), currency: 'USD' });
    });
  });
});
