import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { setVariantStock } from '../catalog/set-variant-stock.js';
import { Messages } from '../../shared/errors.js';
import { SITE_A, Shopper, seedShop } from './test-fixtures.js';

describeEachBackend('cart product cache', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app, deps } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it('sees a stock change at the next add, though products are cached between adds', async () => {
    const first = new Shopper(app);
    expect((await first.add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 })).statusCode).toBe(200);

    // The owner lowers the stock to 1: the cached product must not let a second shopper take 2.
    await setVariantStock(deps.db, deps.events, SITE_A, 'v-mug-s', { qtyInStock: 1 });
    const second = new Shopper(app);
    const refused = await second.add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(Messages.OUT_OF_STOCK);

    // And raising it again is seen too.
    await setVariantStock(deps.db, deps.events, SITE_A, 'v-mug-s', { qtyInStock: 10 });
    expect((await second.add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 })).statusCode).toBe(200);
  });
});
