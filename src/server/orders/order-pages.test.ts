import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import type { OrderJson } from '../../shared/checkout/api.js';
import { HOST_B, SITE_A, SITE_B, seedShop, Shopper } from '../cart/test-fixtures.js';
import { pageRendererFor } from '../render/shared-page-renderer.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { addressLines } from '../../shared/checkout/address-rules.js';
import { orderPageTexts } from './order-pages.js';
import { NY, placeBody, SHOP_SETTINGS } from './test-fixtures.js';

const ORDERS = '/api/commerce/orders';
const EVIL = '<script>alert(1)</script>';

describeEachBackend('order pages in the theme', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let order: OrderJson;
  let shopper: Shopper;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    await saveCheckoutSettings(h.db, SITE_B, SHOP_SETTINGS, new Date());
    // The page cache on, as in production: the order pages must stay out of it.
    ({ app, deps } = await buildTestApp(h, { config: { pageCache: true } }));
    shopper = new Shopper(app);
    const added = await shopper.add({ itemId: 'poster' });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await shopper.post(
      ORDERS,
      placeBody({
        shippingAddress: { ...NY, firstName: EVIL, line1: `1 ${EVIL} St` },
        payment: { provider: 'manual' },
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json().order as OrderJson;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 240_000);

  it('the order confirmed page (202) is the theme layout with the order, escaped', async () => {
    const res = await shopper.get(order.confirmationUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    expect(body).toContain('<header class="site-header');
    expect(body).toContain('<footer class="site-footer">');
    expect(body).toContain('cart-indicator');
    expect(body).toContain('"pageType":202');
    expect(body).toContain('<h1 class="page-title">Thank you for your order</h1>');
    expect(body).toContain(`Order #${order.orderNumber}`);
    expect(body).toContain('ada@example.com');
    expect(body).toContain('Test mode');
    expect(body).toContain('Awaiting payment');
    expect(body).toContain('Not shipped yet');
    expect(body).toContain('How to pay');
    expect(body).toContain('Pay to IBAN &lt;X&gt; &amp; "Y".');
    // The country by its name, the city line as the US writes it.
    expect(body).toContain('New York, NY 10001<br>United States');
    expect(body).toContain('$8.00');
    expect(body).toContain('Continue shopping');
    expect(body).toContain(`href="${order.statusUrl}"`);
    // Visitor text never becomes markup.
    expect(body).not.toContain(EVIL);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Lovelace');
    expect(body).toContain('1 &lt;script&gt;alert(1)&lt;/script&gt; St');
  });

  it('the order status page (211) shows shipments; JSON stays { pageType, order }', async () => {
    await h.db
      .updateTable('orders')
      .set({ fulfillment_status: 'fulfilled' })
      .where('id', '=', order.id)
      .execute();
    const res = await new Visitor(app).get(order.statusUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1 class="page-title">Order status</h1>');
    expect(res.body).toContain('<footer class="site-footer">');
    // Rendered afresh, not a stored copy: the new state shows.
    expect(res.body).toContain('Shipped');
    expect(res.body).not.toContain('Check your order status any time');
    const json = await new Visitor(app).get(`${order.statusUrl}?format=json`);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(Object.keys(json.json()).sort()).toEqual(['order', 'pageType']);
    expect(json.json()).toMatchObject({ pageType: 211, order: { id: order.id } });
  });

  it('never reaches the page cache: without the token another visitor gets a 404', async () => {
    const cache = pageRendererFor(deps).cache!;
    const before = cache.size;
    await shopper.get(order.confirmationUrl);
    await shopper.get(order.statusUrl);
    expect(cache.size).toBe(before);
    const stranger = new Visitor(app);
    const path = order.confirmationUrl.split('?')[0]!;
    for (const url of [path, `${path}?t=bad`, '/orders/status/nope.AAAA']) {
      const res = await stranger.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<header class="site-header');
      expect(res.body).toContain('We could not find that order.');
      expect(res.body).not.toContain('ada@example.com');
    }
    // Another website's host does not open this site's order either.
    const other = await new Visitor(app, HOST_B).get(order.statusUrl);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('ada@example.com');
  });

  it('the cart indicator has nothing to show after the purchase', async () => {
    const cart = await shopper.get('/api/commerce/shopping-cart');
    expect(cart.json()).toMatchObject({ totalQuantity: 0 });
  });
});

it('formats addresses for their country, ending with the country name', () => {
  expect(addressLines({ ...NY, line2: 'Apt 4', phone: '' }).join(' | ')).toBe(
    'Ada Lovelace | 1 Main St | Apt 4 | New York, NY 10001 | United States',
  );
  expect(
    addressLines({
      firstName: 'Hans',
      lastName: 'M',
      line1: 'Hauptstr. 1',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    }),
  ).toEqual(['Hans M', 'Hauptstr. 1', '10115 Berlin', 'Germany']);
  expect(orderPageTexts('ja-JP').CONFIRMED).toBe('ご注文ありがとうございます');
  expect(orderPageTexts('en-US').CONFIRMED).toBe('Thank you for your order');
});
