import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CheckoutSettings } from '../../shared/checkout/settings.js';
import type { OrderJson } from '../../shared/checkout/api.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { NY, placeBody, SHOP_SETTINGS } from './test-fixtures.js';

const QUOTE = '/api/commerce/checkout/quote';

/** Standard by weight: ≤ 1 kg $5, ≤ 3 kg $12, heavier $25. Freight: only up to 2 kg. */
const BY_WEIGHT: CheckoutSettings = {
  ...SHOP_SETTINGS,
  shippingOptions: [
    {
      id: 'weight',
      name: 'Standard by weight',
      kind: 'weight_tiers',
      description: '',
      countries: [],
      amount: 0,
      tiers: [
        { upTo: 1000, amount: 500 },
        { upTo: 3000, amount: 1200 },
        { upTo: null, amount: 2500 },
      ],
    },
    {
      id: 'light',
      name: 'Letter post',
      kind: 'weight_tiers',
      description: '',
      countries: [],
      amount: 0,
      tiers: [{ upTo: 2000, amount: 300 }],
    },
  ],
};

describeEachBackend('weight-based shipping', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, BY_WEIGHT, new Date());
    // 900 g posters; the e-book weighs nothing and ships nothing.
    await h.db
      .updateTable('variants')
      .set({ weight_grams: 900 })
      .where('id', '=', 'v-poster')
      .execute();
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  async function quoteFor(s: Shopper, shippingOptionId = 'weight') {
    const res = await s.post(QUOTE, {
      shippingAddress: { country: 'US', region: 'CA' },
      shippingOptionId,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      shippingOptions: { id: string; amount: number }[];
      totals: { shippingTotal: number };
    };
  }

  it('prices the tier of the cart weight: weight per unit × quantity', async () => {
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'poster', quantity: 1 })).statusCode).toBe(200);
    let q = await quoteFor(s);
    // 900 g: the first tier, and letter post (≤ 2 kg) is offered.
    expect(q.totals.shippingTotal).toBe(500);
    expect(q.shippingOptions).toEqual([
      expect.objectContaining({ id: 'weight', amount: 500 }),
      expect.objectContaining({ id: 'light', amount: 300 }),
    ]);

    expect((await s.add({ itemId: 'poster', quantity: 2 })).statusCode).toBe(200);
    q = await quoteFor(s);
    // 3 × 900 g = 2.7 kg: the second tier; too heavy for letter post.
    expect(q.totals.shippingTotal).toBe(1200);
    expect(q.shippingOptions.map((o) => o.id)).toEqual(['weight']);

    expect((await s.add({ itemId: 'poster', quantity: 1 })).statusCode).toBe(200);
    expect((await quoteFor(s)).totals.shippingTotal).toBe(2500); // 3.6 kg
  });

  it('a digital line adds no weight', async () => {
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'poster', quantity: 1 })).statusCode).toBe(200);
    expect((await s.add({ itemId: 'ebook' })).statusCode).toBe(200);
    expect((await quoteFor(s, 'light')).totals.shippingTotal).toBe(300);
  });

  it('the placed order charges the same weight tier', async () => {
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'poster', quantity: 2 })).statusCode).toBe(200);
    const res = await s.post(
      '/api/commerce/orders',
      placeBody({ shippingAddress: { ...NY, region: 'CA', postalCode: '94103', city: 'SF' } }),
    );
    // 'std' is not an option here: the request must name a weight option.
    expect(res.statusCode, res.body).toBe(400);
    const ok = await s.post(
      '/api/commerce/orders',
      placeBody({
        shippingAddress: { ...NY, region: 'CA', postalCode: '94103', city: 'SF' },
        shippingOptionId: 'weight',
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const order = ok.json().order as OrderJson;
    expect(order.shippingTotal).toBe(1200); // 1.8 kg
    expect(order.shippingOption).toEqual({ id: 'weight', name: 'Standard by weight' });
  });
});
