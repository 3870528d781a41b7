import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { placeBody, SHOP_SETTINGS } from './test-fixtures.js';

const BUYERS = 120;
const UNITS = 10;

describeEachBackend('orders race: many buyers for the last units', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it(`${BUYERS} concurrent placements for ${UNITS} units: exactly ${UNITS} orders, stock 0`, async () => {
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: 1000 })
      .where('id', '=', 'v-tee-s-red')
      .execute();
    const shoppers: Shopper[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const s = new Shopper(app);
      const r = await s.add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 });
      expect(r.statusCode, r.body).toBe(200);
      shoppers.push(s);
    }
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: UNITS })
      .where('id', '=', 'v-tee-s-red')
      .execute();
    const results = await Promise.all(
      shoppers.map((s, i) =>
        s.post('/api/commerce/orders', placeBody({ email: `buyer${i}@example.com` })),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - UNITS);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().error).toMatchObject({
        code: 'OUT_OF_STOCK',
        lines: [{ sku: 'TEE-S-RED', available: 0 }],
      });
    }
    const stock = await h.db
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('id', '=', 'v-tee-s-red')
      .executeTakeFirstOrThrow();
    expect(stock.qty_in_stock).toBe(0);
    const orders = await h.db
      .selectFrom('orders')
      .select(['order_number'])
      .orderBy('order_number')
      .execute();
    expect(orders.map((o) => o.order_number)).toEqual(
      Array.from({ length: UNITS }, (_, i) => i + 1),
    );
    // Every hold of a buyer who lost was released: only the winners' payments were captured.
    const ledger = await h.db.selectFrom('test_payments').select('status').execute();
    expect(ledger.filter((p) => p.status === 'captured')).toHaveLength(UNITS);
    expect(ledger.filter((p) => p.status === 'authorized')).toHaveLength(0);
  });
});
