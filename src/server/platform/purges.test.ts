import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { seedShop, Shopper } from '../cart/test-fixtures.js';
import { purgeAbandonedCarts, purgeExpiredSubscriptionCarts } from '../cart/purge-carts.js';
import { purgeExpired } from '../cart/idempotency.js';
import { purgeExpiredSessions } from '../owners/purge-sessions.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';

const HOOK_TIMEOUT = 120_000;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Issue 11: sessions, carts and subscription carts were never purged. Clock: `clock`. */
describeEachBackend('purges', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  // The app's clock; near the real one, because the checkout page reads the real clock.
  const clock = Date.now();

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    const id = await createOwner(h.db, {
      email: 'o@demo.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, 'site-a', id, Role.ADMIN);
    ({ app } = await buildTestApp(h, { now: () => clock }));
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);

  const cartIds = async () =>
    (await h!.db.selectFrom('carts').select('id').orderBy('id').execute()).map((r) => r.id);
  const setUpdated = (id: string, at: number) =>
    h!.db
      .updateTable('carts')
      .set({ updated: new Date(at), created: new Date(at) })
      .where('id', '=', id)
      .execute();

  it('deletes carts untouched for 30 days with their entries, never one with an order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const v = new Shopper(app!);
      const res = await v.add({ itemId: 'mug', sku: 'MUG-M', quantity: 1, idempotency: i });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().shoppingCart.id as string);
    }
    const [fresh, old, ordered, purchased] = ids as [string, string, string, string];
    const now = clock + 60 * DAY;
    await setUpdated(fresh, now - 29 * DAY);
    for (const id of [old, ordered, purchased]) await setUpdated(id, now - 31 * DAY);
    await h!.db
      .updateTable('carts')
      .set({ order_id: 'order-1' })
      .where('id', '=', ordered)
      .execute();
    await h!.db
      .updateTable('carts')
      .set({ is_purchased: true })
      .where('id', '=', purchased)
      .execute();

    expect(await purgeAbandonedCarts(h!.db, now, 30)).toBe(1);
    expect(await cartIds()).toEqual([fresh, ordered, purchased].sort());
    const orphans = await h!.db
      .selectFrom('cart_entries')
      .select('cart_id')
      .where('cart_id', '=', old)
      .execute();
    expect(orphans).toEqual([]);
    // CART_PURGE_DAYS=0 keeps every cart.
    expect(await purgeAbandonedCarts(h!.db, now + 365 * DAY, 0)).toBe(0);
    expect(await purgeAbandonedCarts(h!.db, now + 2 * DAY, 30)).toBe(1);
    expect(await cartIds()).toEqual([ordered, purchased].sort());
  });

  it('ends subscription checkout tokens after 24 hours, then purges them', async () => {
    const v = new Shopper(app!);
    const res = await v.post('/api/3/commerce/cart/subscription', {
      itemId: 'coffee',
      sku: 'COFFEE',
      qty: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.cartToken as string;
    const page = () => v.get(`/checkout/subscribe?cartToken=${encodeURIComponent(token)}`);
    expect((await page()).statusCode).toBe(200);
    // The checkout page reads the real clock: move the stored creation back instead.
    await h!.db
      .updateTable('subscription_carts')
      .set({ created: new Date(Date.now() - 25 * HOUR) })
      .execute();
    expect((await page()).statusCode).toBe(404);
    // 25 hours old is not yet past 24 hours for a clock two hours behind.
    expect(await purgeExpiredSubscriptionCarts(h!.db, Date.now() - 2 * HOUR)).toBe(0);
    expect(await purgeExpiredSubscriptionCarts(h!.db, Date.now())).toBe(1);
    expect(await h!.db.selectFrom('subscription_carts').selectAll().execute()).toEqual([]);
  });

  it('deletes expired sessions and idempotency keys only', async () => {
    const v = new Shopper(app!);
    const login = await v.post('/api/auth/login', { email: 'o@demo.test', password: 'pw-123456' });
    expect(login.statusCode).toBe(200);
    const sessions = () => h!.db.selectFrom('sessions').selectAll().execute();
    const [session] = await sessions();
    const expires = session!.expires_at.getTime();
    expect(await purgeExpiredSessions(h!.db, expires - 1)).toBe(0);
    expect((await v.get('/api/auth/me')).json()).toMatchObject({ email: 'o@demo.test' });
    expect(await purgeExpiredSessions(h!.db, expires + 1)).toBe(1);
    expect(await sessions()).toEqual([]);

    const shopper = new Shopper(app!);
    const add = await shopper.add(
      { itemId: 'mug', sku: 'MUG-M', quantity: 1 },
      { 'idempotency-key': 'key-purge-1' },
    );
    expect(add.statusCode, add.body).toBe(200);
    const keys = () => h!.db.selectFrom('idempotency_keys').select('key').execute();
    expect(await keys()).toHaveLength(1);
    await purgeExpired(h!.db, clock + HOUR);
    expect(await keys()).toHaveLength(1);
    await purgeExpired(h!.db, clock + 25 * HOUR);
    expect(await keys()).toEqual([]);
  });
});
