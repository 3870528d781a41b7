import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Role } from '../../shared/enums.js';
import { Messages } from '../../shared/errors.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { placeBody, SHOP_SETTINGS } from './test-fixtures.js';

const ORDERS = '/api/commerce/orders';
const SETTINGS = '/api/commerce/settings/checkout';

describeEachBackend('placing orders: rate limit and cached settings', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let owner: Visitor;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    const o = await createOwner(h.db, {
      email: 'owner@shop.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, SITE_A, o, Role.ADMIN);
    ({ app } = await buildTestApp(h, { config: { orderRatePerAddress: 3 } }));
    owner = new Visitor(app);
    const login = await owner.post('/api/auth/login', {
      email: 'owner@shop.test',
      password: 'pw-123456',
    });
    expect(login.statusCode, login.body).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it('ORDER_RATE_PER_IP: placements beyond the limit from one address get 429', async () => {
    const s = new Shopper(app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await s.post(ORDERS, placeBody())).statusCode);
    // No cart: a clear 400 while within the limit, then 429 with Retry-After.
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await s.post(ORDERS, placeBody());
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is counted apart.
    const other = new Shopper(app);
    expect((await other.add({ itemId: 'poster' })).statusCode).toBe(200);
    expect((await other.post(ORDERS, placeBody())).statusCode).toBe(201);
  });

  it('saving checkout settings reaches the next placement (the cached copy is dropped)', async () => {
    const first = new Shopper(app);
    expect((await first.add({ itemId: 'poster' })).statusCode).toBe(200);
    expect((await first.post(ORDERS, placeBody())).statusCode).toBe(201);

    const off = {
      ...SHOP_SETTINGS,
      payments: { ...SHOP_SETTINGS.payments, test: { enabled: false } },
    };
    expect((await owner.put(SETTINGS, off)).statusCode).toBe(200);
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'poster' })).statusCode).toBe(200);
    const refused = await s.post(ORDERS, placeBody());
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fieldErrors).toEqual({
      'payment.provider': Messages.PAYMENT_METHOD_UNAVAILABLE,
    });

    expect((await owner.put(SETTINGS, SHOP_SETTINGS)).statusCode).toBe(200);
    expect((await s.post(ORDERS, placeBody())).statusCode).toBe(201);
  });
});
