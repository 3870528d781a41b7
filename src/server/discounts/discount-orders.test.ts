import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../repo-root.js';
import { CRUMB_COOKIE } from '../http/crumb.js';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { OrderJson, QuoteResponse } from '../../shared/checkout/api.js';
import { DiscountReasons } from '../../shared/checkout/discounts.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { NY, placeBody, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import type { Insertable } from 'kysely';
import type { DiscountsTable } from './tables.js';

const ORDERS = '/api/commerce/orders';
const WORKER = path.join(REPO_ROOT, 'src/server/orders/testing/place-worker.ts');

/** Placements from another server process (its own pool): their statuses. */
function placeInProcess(job: object): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: REPO_ROOT,
      env: process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as number[])
        : reject(new Error(`place-worker exited ${code}: ${err.slice(-2000)}`)),
    );
    child.stdin.end(JSON.stringify(job));
  });
}
const QUOTE = '/api/commerce/checkout/quote';

/** Discount codes through the real quote and order routes (issue 15). */
describeEachBackend('discounts at checkout', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  async function addDiscount(id: string, over: Partial<Insertable<DiscountsTable>>) {
    const now = new Date();
    await h.db
      .insertInto('discounts')
      .values({
        id,
        site_id: SITE_A,
        code: null,
        title: '',
        kind: 'percentage',
        value: 10,
        minimum_subtotal: 0,
        starts_at: null,
        ends_at: null,
        usage_limit: null,
        times_used: 0,
        once_per_email: false,
        product_ids: JSON.stringify([]),
        enabled: true,
        created: now,
        updated: now,
        ...over,
      })
      .execute();
  }
  /** A shopper with 2 mugs (S, $12.50) and a poster ($8): subtotal $33.00. */
  async function shopper() {
    const s = new Shopper(app);
    for (const line of [
      { itemId: 'mug', sku: 'MUG-S', quantity: 2 },
      { itemId: 'poster', sku: 'POSTER', quantity: 1 },
    ]) {
      const r = await s.add(line);
      expect(r.statusCode, r.body).toBe(200);
    }
    return s;
  }
  async function count(table: 'orders' | 'discount_redemptions') {
    const r = await h.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
  async function timesUsed(id: string) {
    const r = await h.db
      .selectFrom('discounts')
      .select('times_used')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return r.times_used;
  }
  const stock = (n: number) =>
    h.db.updateTable('variants').set({ qty_in_stock: n }).where('id', '=', 'v-mug-s').execute();

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    ({ app } = await buildTestApp(h));
    await addDiscount('d-welcome', { code: 'WELCOME10', once_per_email: true });
    await addDiscount('d-one', { code: 'ONLYONE', kind: 'fixed', value: 500, usage_limit: 1 });
    await addDiscount('d-ship', {
      title: 'Free shipping over $30',
      kind: 'free-shipping',
      value: 0,
      minimum_subtotal: 3000,
      enabled: false,
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('quotes a code as a discount line, and lists a code that does not apply with its reason', async () => {
    await stock(100);
    const s = await shopper();
    const q = await s.post(QUOTE, {
      shippingAddress: NY,
      shippingOptionId: 'std',
      couponCode: ' welcome10 ',
    });
    expect(q.statusCode, q.body).toBe(200);
    const quote = q.json<QuoteResponse>();
    expect(quote.discountLines).toEqual([
      {
        discountId: 'd-welcome',
        code: 'WELCOME10',
        kind: 'percentage',
        label: 'WELCOME10',
        amount: 330,
      },
    ]);
    expect(quote.validCoupons).toEqual([
      { code: 'WELCOME10', kind: 'percentage', amount: 330, description: '10% off' },
    ]);
    expect(quote.invalidCoupons).toEqual([]);
    expect(quote.totals).toMatchObject({ subtotal: 3300, discountTotal: 330, shippingTotal: 800 });

    const bad = (await s.post(QUOTE, { couponCode: 'NOPE' })).json<QuoteResponse>();
    expect(bad.invalidCoupons).toEqual([{ code: 'NOPE', reason: DiscountReasons.NOT_VALID }]);
    expect(bad.totals.discountTotal).toBe(0);

    // Placing with a code that does not apply is refused, writing nothing.
    const before = await count('orders');
    const refused = await s.post(ORDERS, placeBody({ couponCode: 'NOPE' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'DISCOUNT_UNAVAILABLE',
      couponCode: 'NOPE',
      reason: DiscountReasons.NOT_VALID,
    });
    expect(await count('orders')).toBe(before);
  });

  it('stores the discount with the order, once per email', async () => {
    await stock(100);
    const s = await shopper();
    const placed = await s.post(
      ORDERS,
      placeBody({ email: 'Ada@Example.com', couponCode: 'welcome10' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: OrderJson }>().order;
    expect(order).toMatchObject({
      subtotal: 3300,
      discountTotal: 330,
      discountLines: [{ discountId: 'd-welcome', code: 'WELCOME10', amount: 330 }],
    });
    // Tax is on the discounted amount: 8.875% of (3300 − 330 + 800).
    expect(order.grandTotal).toBe(3300 - 330 + 800 + order.taxTotal);
    const uses = await h.db
      .selectFrom('discount_redemptions')
      .selectAll()
      .where('discount_id', '=', 'd-welcome')
      .execute();
    expect(uses).toMatchObject([{ order_id: order.id, once_key: 'ada@example.com', amount: 330 }]);
    expect(await timesUsed('d-welcome')).toBe(1);

    // The same email again (any case): the quote says why, the placement is refused.
    const again = await shopper();
    const q = (
      await again.post(QUOTE, { email: 'ADA@example.com', couponCode: 'WELCOME10' })
    ).json<QuoteResponse>();
    expect(q.invalidCoupons).toEqual([
      { code: 'WELCOME10', reason: DiscountReasons.USED_BY_EMAIL },
    ]);
    const orders = await count('orders');
    const second = await again.post(
      ORDERS,
      placeBody({ email: 'ada@EXAMPLE.com', couponCode: 'WELCOME10' }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('DISCOUNT_UNAVAILABLE');
    expect(await count('orders')).toBe(orders);
    // Another email may use it.
    const other = await again.post(
      ORDERS,
      placeBody({ email: 'bo@example.com', couponCode: 'WELCOME10' }),
    );
    expect(other.statusCode, other.body).toBe(201);
    expect(await timesUsed('d-welcome')).toBe(2);
  });

  it('a code with a usage limit of 1 raced by two orders is used once', async () => {
    await stock(100);
    const [a, b] = [await shopper(), await shopper()];
    const orders = await count('orders');
    const results = await Promise.all([
      a.post(ORDERS, placeBody({ email: 'a@example.com', couponCode: 'ONLYONE' })),
      b.post(ORDERS, placeBody({ email: 'b@example.com', couponCode: 'ONLYONE' })),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses, results.map((r) => r.body).join('\n')).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().error.code).toBe('DISCOUNT_UNAVAILABLE');
    expect(loser.json().error.message).toContain('ONLYONE');
    expect(await timesUsed('d-one')).toBe(1);
    const uses = await h.db
      .selectFrom('discount_redemptions')
      .select('amount')
      .where('discount_id', '=', 'd-one')
      .execute();
    expect(uses).toEqual([{ amount: 500 }]);
    expect(await count('orders')).toBe(orders + 1);
    // Used up: the next quote says so.
    const late = (
      await (await shopper()).post(QUOTE, { couponCode: 'onlyone' })
    ).json<QuoteResponse>();
    expect(late.invalidCoupons).toEqual([{ code: 'onlyone', reason: DiscountReasons.USED_UP }]);
  });

  it.skipIf(kind !== 'postgres')(
    'several server processes racing for a code with one use left: one order gets it',
    async () => {
      await stock(1000);
      await addDiscount('d-last', { code: 'LASTONE', kind: 'fixed', value: 300, usage_limit: 1 });
      const buyers: Shopper[] = [];
      for (let i = 0; i < 6; i++) buyers.push(await shopper());
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]!
        .s;
      const jobs = [0, 1].map((p) => ({
        schema,
        body: placeBody({ email: `proc${p}@example.com`, couponCode: 'LASTONE' }),
        buyers: buyers.slice(p * 3, p * 3 + 3).map((s) => ({
          cookie: [...s.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
          crumb: s.cookies.get(CRUMB_COOKIE) ?? '',
          address: s.address,
        })),
      }));
      const statuses = (await Promise.all(jobs.map(placeInProcess))).flat().sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      expect(await timesUsed('d-last')).toBe(1);
      const uses = await h.db
        .selectFrom('discount_redemptions')
        .select('amount')
        .where('discount_id', '=', 'd-last')
        .execute();
      expect(uses).toEqual([{ amount: 300 }]);
    },
    240_000,
  );

  it('a code that covers everything places the order without a payment', async () => {
    await addDiscount('d-free', { code: 'ONTHEHOUSE', value: 100 });
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'ebook', quantity: 1 })).statusCode).toBe(200);
    const quote = (await s.post(QUOTE, { couponCode: 'ONTHEHOUSE' })).json<QuoteResponse>();
    expect(quote.totals).toMatchObject({ subtotal: 900, discountTotal: 900, grandTotal: 0 });
    // Nothing to ship and nothing to pay: the email and the code are all the order needs.
    const placed = await s.post(ORDERS, { email: 'free@example.com', couponCode: 'ONTHEHOUSE' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ order: OrderJson }>().order).toMatchObject({
      grandTotal: 0,
      discountTotal: 900,
      paymentProvider: 'none',
    });
  });

  it('an automatic free-shipping discount combines with a code', async () => {
    await stock(100);
    await h.db.updateTable('discounts').set({ enabled: true }).where('id', '=', 'd-ship').execute();
    try {
      const s = await shopper();
      const q = (
        await s.post(QUOTE, {
          shippingAddress: NY,
          shippingOptionId: 'std',
          couponCode: 'WELCOME10',
          email: 'cy@example.com',
        })
      ).json<QuoteResponse>();
      expect(q.totals).toMatchObject({ discountTotal: 330, shippingTotal: 0 });
      expect(q.discountLines.map((l) => [l.label, l.kind, l.amount])).toEqual([
        ['WELCOME10', 'percentage', 330],
        ['Free shipping over $30', 'free-shipping', 800],
      ]);
      const placed = await s.post(
        ORDERS,
        placeBody({ email: 'cy@example.com', couponCode: 'WELCOME10' }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<{ order: OrderJson }>().order;
      expect(order).toMatchObject({ shippingTotal: 0, discountTotal: 330 });
      expect(order.discountLines).toHaveLength(2);
      expect(await timesUsed('d-ship')).toBe(1);
    } finally {
      await h.db
        .updateTable('discounts')
        .set({ enabled: false })
        .where('id', '=', 'd-ship')
        .execute();
    }
  });
});
