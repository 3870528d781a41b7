import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { DiscountReasons } from '../../shared/checkout/discounts.js';
import { SITE_A, seedShop, Shopper } from './test-fixtures.js';
import type { CartJson } from './cart-json.js';

const COUPON = '/api/commerce/shopping-cart/coupon';
const CART = '/api/commerce/shopping-cart';

describeEachBackend('cart: discount code', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h));
    const now = new Date();
    await h.db
      .insertInto('discounts')
      .values([
        {
          id: 'd-10',
          site_id: SITE_A,
          code: 'WELCOME10',
          title: '',
          kind: 'percentage',
          value: 10,
          minimum_subtotal: 0,
          starts_at: null,
          ends_at: null,
          usage_limit: null,
          times_used: 0,
          once_per_email: true,
          product_ids: JSON.stringify([]),
          enabled: true,
          created: now,
          updated: now,
        },
        {
          id: 'd-big',
          site_id: SITE_A,
          code: 'BIGSPEND',
          title: '',
          kind: 'fixed',
          value: 500,
          minimum_subtotal: 50_000,
          starts_at: null,
          ends_at: null,
          usage_limit: null,
          times_used: 0,
          once_per_email: false,
          product_ids: JSON.stringify([]),
          enabled: true,
          created: now,
          updated: now,
        },
      ])
      .execute();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('applies a code to the cart, keeps it on reads and removes it', async () => {
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'poster', sku: 'POSTER', quantity: 2 })).statusCode).toBe(200);
    const put = await s.put(COUPON, { code: ' welcome10 ' });
    expect(put.statusCode, put.body).toBe(200);
    const cart = put.json<{ shoppingCart: CartJson }>().shoppingCart;
    expect(cart).toMatchObject({
      coupons: ['welcome10'],
      validCoupons: [
        { code: 'WELCOME10', kind: 'percentage', amount: 160, description: '10% off' },
      ],
      invalidCoupons: [],
      subtotalCents: 1600,
      discountCents: 160,
      grandTotalCents: 1440,
      grandTotal: { value: '14.40', currency: 'USD' },
    });
    const read = (await s.get(CART)).json<CartJson>();
    expect(read).toMatchObject({
      coupons: ['welcome10'],
      discountCents: 160,
      grandTotalCents: 1440,
    });

    const big = (await s.put(COUPON, { code: 'BIGSPEND' })).json<{ shoppingCart: CartJson }>();
    expect(big.shoppingCart).toMatchObject({
      coupons: ['BIGSPEND'],
      validCoupons: [],
      invalidCoupons: [{ code: 'BIGSPEND', reason: 'Spend $500.00 or more to use this code.' }],
      discountCents: 0,
      grandTotalCents: 1600,
    });
    const nope = (await s.put(COUPON, { code: 'NOPE' })).json<{ shoppingCart: CartJson }>();
    expect(nope.shoppingCart.invalidCoupons).toEqual([
      { code: 'NOPE', reason: DiscountReasons.NOT_VALID },
    ]);

    const del = await s.delete(COUPON);
    expect(del.statusCode).toBe(200);
    expect(del.json<{ shoppingCart: CartJson }>().shoppingCart).toMatchObject({
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      discountCents: 0,
    });
    const row = await h.db
      .selectFrom('carts')
      .select('coupon_code')
      .where('id', '=', read.id)
      .executeTakeFirstOrThrow();
    expect(row.coupon_code).toBeNull();
  });

  it('recomputes the discount when the cart changes', async () => {
    const s = new Shopper(app);
    const added = await s.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
    const entryId = added.json<{ newlyAdded: { id: string } }>().newlyAdded.id;
    await s.put(COUPON, { code: 'WELCOME10' });
    const more = await s.put(`/api/commerce/shopping-cart/entries/${entryId}/quantity`, {
      quantity: 3,
    });
    expect(more.json<{ shoppingCart: CartJson }>().shoppingCart).toMatchObject({
      subtotalCents: 2400,
      discountCents: 240,
    });
    const gone = await s.delete(`/api/commerce/shopping-cart/entries/${entryId}`);
    expect(gone.json<{ shoppingCart: CartJson }>().shoppingCart).toMatchObject({
      entries: [],
      discountCents: 0,
    });
  });

  it('refuses a code without a cart, and a blank one, writing nothing', async () => {
    const s = new Shopper(app);
    const none = await s.put(COUPON, { code: 'WELCOME10' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('CART_EMPTY');
    await s.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
    const blank = await s.put(COUPON, { code: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await s.put(COUPON, { code: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await s.get(CART)).json<CartJson>().coupons).toEqual([]);
  });
});
