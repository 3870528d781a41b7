import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Role } from '../../shared/enums.js';
import { DiscountReasons, type DiscountJson } from '../../shared/checkout/discounts.js';
import { SITE_A, SITE_B, HOST_B, seedShop, Shopper } from '../cart/test-fixtures.js';
import type { QuoteResponse } from '../../shared/checkout/api.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { NY, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { resolveDiscounts } from './resolver.js';
import type { AdjustmentCart } from '../orders/adjustments.js';

const API = '/api/commerce/discounts';
const NOW = Date.now();

describeEachBackend('discounts: owner API and resolver', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let admin: Visitor;
  let manager: Visitor;
  let viewer: Visitor;

  async function signIn(email: string, site: string, role: number, host = 'localhost') {
    const id = await createOwner(h.db, { email, password: 'pw-123456', displayName: email });
    await grantRole(h.db, site, id, role);
    const v = new Visitor(app, host);
    const r = await v.post('/api/auth/login', { email, password: 'pw-123456' });
    expect(r.statusCode, r.body).toBe(200);
    return v;
  }
  async function create(body: object): Promise<DiscountJson> {
    const r = await admin.post(API, body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json<{ discount: DiscountJson }>().discount;
  }
  const cart = (over: Partial<AdjustmentCart> = {}): AdjustmentCart => ({
    siteId: SITE_A,
    contentVersion: 1,
    currency: 'USD',
    language: 'en-US',
    now: NOW,
    email: undefined,
    lines: [
      { itemId: 'mug', variantId: 'v-mug-s', productType: 1, unitPrice: 1250, quantity: 2 },
      { itemId: 'poster', variantId: 'v-poster', productType: 1, unitPrice: 800, quantity: 1 },
    ],
    subtotal: 3300,
    ...over,
  });

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h));
    admin = await signIn('admin@shop.test', SITE_A, Role.ADMIN);
    manager = await signIn('manager@shop.test', SITE_A, Role.STORE_MANAGER);
    viewer = await signIn('viewer@shop.test', SITE_A, Role.VIEWER);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('creates, lists, reads, updates and deletes a discount', async () => {
    const d = await create({
      code: ' summer20 ',
      kind: 'percentage',
      value: 20,
      minimumSubtotal: 1000,
      usageLimit: 5,
      oncePerEmail: true,
      productIds: ['mug'],
    });
    expect(d).toMatchObject({
      code: 'SUMMER20',
      kind: 'percentage',
      value: 20,
      minimumSubtotal: 1000,
      usageLimit: 5,
      oncePerEmail: true,
      productIds: ['mug'],
      enabled: true,
      timesUsed: 0,
      totalDiscounted: 0,
    });
    await h.db
      .insertInto('discount_redemptions')
      .values([
        {
          discount_id: d.id,
          site_id: SITE_A,
          order_id: 'o1',
          email: 'a@x.test',
          once_key: 'a@x.test',
          amount: 500,
          created: new Date(),
        },
        {
          discount_id: d.id,
          site_id: SITE_A,
          order_id: 'o2',
          email: 'b@x.test',
          once_key: 'b@x.test',
          amount: 250,
          created: new Date(),
        },
      ])
      .execute();
    await h.db.updateTable('discounts').set({ times_used: 2 }).where('id', '=', d.id).execute();

    const list = await viewer.get(API);
    expect(list.statusCode).toBe(200);
    const found = list.json<{ discounts: DiscountJson[] }>().discounts.find((x) => x.id === d.id);
    expect(found).toMatchObject({ timesUsed: 2, totalDiscounted: 750 });

    const put = await manager.put(`${API}/${d.id}`, {
      code: 'SUMMER25',
      kind: 'fixed',
      value: 500,
      enabled: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    // Nulls stay nulls (the schema's coercion must not make them 0 or '').
    const nulls = await admin.post(API, {
      code: null,
      title: 'Nulls',
      kind: 'fixed',
      value: 100,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
    });
    expect(nulls.statusCode, nulls.body).toBe(201);
    expect(nulls.json<{ discount: DiscountJson }>().discount).toMatchObject({
      code: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
    });
    await admin.delete(`${API}/${nulls.json<{ discount: DiscountJson }>().discount.id}`);
    expect(put.json<{ discount: DiscountJson }>().discount).toMatchObject({
      code: 'SUMMER25',
      kind: 'fixed',
      value: 500,
      enabled: false,
      usageLimit: null,
      productIds: [],
      timesUsed: 2,
    });
    const lower = await admin.put(`${API}/${d.id}`, {
      code: 'SUMMER25',
      kind: 'fixed',
      value: 500,
      usageLimit: 1,
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.code).toBe('DISCOUNT_INVALID');
    expect(lower.json().error.fieldErrors.usageLimit).toMatch(/used 2 times/);

    expect((await viewer.get(`${API}/${d.id}`)).json().discount.code).toBe('SUMMER25');
    expect((await admin.delete(`${API}/${d.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${API}/${d.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${API}/${d.id}`)).statusCode).toBe(404);
    expect(
      await h.db
        .selectFrom('discount_redemptions')
        .selectAll()
        .where('discount_id', '=', d.id)
        .execute(),
    ).toEqual([]);
  });

  it('answers field errors, a taken code and the role guard, writing nothing', async () => {
    const bad = await admin.post(API, {
      code: 'A B',
      kind: 'percentage',
      value: 120,
      startsAt: NOW,
      endsAt: NOW - 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'DISCOUNT_INVALID',
      fieldErrors: {
        code: expect.any(String),
        value: expect.any(String),
        endsAt: expect.any(String),
      },
    });
    const ghost = await admin.post(API, {
      code: 'GHOST',
      kind: 'fixed',
      value: 100,
      productIds: ['nope'],
    });
    expect(ghost.json().error.fieldErrors.productIds).toBeTruthy();
    expect((await admin.post(API, { code: 'X', kind: 'bogus', value: 1 })).statusCode).toBe(400);

    await create({ code: 'ONCE', kind: 'fixed', value: 100 });
    const taken = await admin.post(API, { code: 'once', kind: 'fixed', value: 200 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('DISCOUNT_CODE_TAKEN');
    const other = await create({ code: 'TWICE', kind: 'fixed', value: 100 });
    const renamed = await admin.put(`${API}/${other.id}`, {
      code: 'Once',
      kind: 'fixed',
      value: 100,
    });
    expect(renamed.json().error.code).toBe('DISCOUNT_CODE_TAKEN');

    expect((await viewer.post(API, { code: 'VIEW', kind: 'fixed', value: 1 })).statusCode).toBe(
      403,
    );
    expect((await new Visitor(app).get(API)).statusCode).toBe(401);
    // Another website's owner neither sees nor changes this website's discounts.
    const jp = await signIn('admin@b.test', SITE_B, Role.ADMIN, HOST_B);
    expect((await jp.get(API)).json().discounts).toEqual([]);
    expect((await jp.delete(`${API}/${other.id}`)).statusCode).toBe(404);
    const codes = await h.db
      .selectFrom('discounts')
      .select('code')
      .where('code', 'in', ['VIEW', 'GHOST', 'A B'])
      .execute();
    expect(codes).toEqual([]);
  });

  it('resolves a code case-insensitively with its amount, and says why one does not apply', async () => {
    await create({ code: 'TENOFF', kind: 'percentage', value: 10 });
    await create({ code: 'MUGS5', kind: 'fixed', value: 500, productIds: ['mug'] });
    await create({ code: 'LATER', kind: 'fixed', value: 100, startsAt: NOW + 86_400_000 });
    await create({ code: 'BIGSPEND', kind: 'fixed', value: 100, minimumSubtotal: 10_000 });
    await create({ code: 'NOTEES', kind: 'fixed', value: 100, productIds: ['tee'] });

    const ten = await resolveDiscounts(h.db, cart(), '  tenoff ');
    expect(ten).toMatchObject({
      amount: 330,
      freeShipping: false,
      validCoupons: [{ code: 'TENOFF', kind: 'percentage', amount: 330, description: '10% off' }],
      invalidCoupons: [],
      lines: [{ code: 'TENOFF', label: 'TENOFF', amount: 330 }],
      uses: [{ onceKey: null, amount: 330 }],
    });
    expect((await resolveDiscounts(h.db, cart(), 'MUGS5')).amount).toBe(500);
    const reason = async (code: string) =>
      (await resolveDiscounts(h.db, cart(), code)).invalidCoupons[0]?.reason;
    expect(await reason('LATER')).toBe(DiscountReasons.NOT_YET);
    expect(await reason('BIGSPEND')).toBe('Spend $100.00 or more to use this code.');
    expect(await reason('NOTEES')).toBe(DiscountReasons.NO_ITEMS);
    expect(await reason('NOSUCHCODE')).toBe(DiscountReasons.NOT_VALID);
    expect(await reason('TWICE')).toBeUndefined();
    // Another website's code does not exist here.
    expect(
      (await resolveDiscounts(h.db, cart({ siteId: SITE_B }), 'TENOFF')).invalidCoupons[0]?.reason,
    ).toBe(DiscountReasons.NOT_VALID);
  });

  it('once per email and usage limits come from the recorded uses', async () => {
    const d = await create({
      code: 'HELLO',
      kind: 'fixed',
      value: 300,
      oncePerEmail: true,
      usageLimit: 2,
    });
    const first = await resolveDiscounts(h.db, cart({ email: 'Ada@Example.com' }), 'hello');
    expect(first.uses).toEqual([{ discountId: d.id, onceKey: 'ada@example.com', amount: 300 }]);
    await h.db
      .insertInto('discount_redemptions')
      .values({
        discount_id: d.id,
        site_id: SITE_A,
        order_id: 'o3',
        email: 'ada@example.com',
        once_key: 'ada@example.com',
        amount: 300,
        created: new Date(),
      })
      .execute();
    await h.db.updateTable('discounts').set({ times_used: 1 }).where('id', '=', d.id).execute();
    const again = await resolveDiscounts(h.db, cart({ email: 'ADA@example.com' }), 'HELLO');
    expect(again.invalidCoupons).toEqual([
      { code: 'HELLO', reason: DiscountReasons.USED_BY_EMAIL },
    ]);
    expect(again.amount).toBe(0);
    // Without an email yet (an early quote) it applies; the placement checks again.
    expect((await resolveDiscounts(h.db, cart(), 'HELLO')).amount).toBe(300);
    await h.db.updateTable('discounts').set({ times_used: 2 }).where('id', '=', d.id).execute();
    expect(
      (await resolveDiscounts(h.db, cart({ email: 'bo@example.com' }), 'HELLO')).invalidCoupons[0]
        ?.reason,
    ).toBe(DiscountReasons.USED_UP);
  });

  it('applies the best automatic discount, free shipping beside it, and the larger of code and automatic', async () => {
    const site = SITE_B;
    const b = (over: Partial<AdjustmentCart> = {}) => cart({ siteId: site, ...over });
    const jp = await signIn('admin2@b.test', site, Role.ADMIN, HOST_B);
    const make = async (body: object) => {
      const r = await jp.post(API, body);
      expect(r.statusCode, r.body).toBe(201);
      return r.json<{ discount: DiscountJson }>().discount;
    };
    const small = await make({ title: 'Small sale', kind: 'fixed', value: 200 });
    const big = await make({ title: 'Big sale', kind: 'percentage', value: 15 });
    await make({
      title: 'Old sale',
      kind: 'percentage',
      value: 50,
      endsAt: NOW - 1000,
      startsAt: NOW - 5000,
    });
    await make({ title: 'Off sale', kind: 'percentage', value: 60, enabled: false });
    const ship = await make({
      title: 'Free shipping over $30',
      kind: 'free-shipping',
      value: 0,
      minimumSubtotal: 3000,
    });
    await make({ code: 'TINY', kind: 'fixed', value: 100 });
    await make({ code: 'HUGE', kind: 'percentage', value: 50 });
    await make({ code: 'SHIPFREE', kind: 'free-shipping', value: 0 });

    const none = await resolveDiscounts(h.db, b(), undefined);
    expect(none.lines.map((l) => l.discountId)).toEqual([big.id, ship.id]);
    expect(none).toMatchObject({
      amount: 495,
      freeShipping: true,
      validCoupons: [],
      invalidCoupons: [],
    });
    expect(none.lines[0]).toMatchObject({ code: null, label: 'Big sale', amount: 495 });
    expect(none.lines[1]).toMatchObject({ label: 'Free shipping over $30', amount: 0 });

    const tiny = await resolveDiscounts(h.db, b(), 'tiny');
    expect(tiny.amount).toBe(495);
    expect(tiny.invalidCoupons).toEqual([
      { code: 'tiny', reason: DiscountReasons.BETTER_DISCOUNT },
    ]);

    const huge = await resolveDiscounts(h.db, b(), 'HUGE');
    expect(huge.amount).toBe(1650);
    expect(huge.lines.map((l) => l.label)).toEqual(['HUGE', 'Free shipping over $30']);

    const shipCode = await resolveDiscounts(h.db, b(), 'SHIPFREE');
    expect(shipCode.lines.map((l) => l.label)).toEqual(['SHIPFREE', 'Big sale']);
    expect(shipCode).toMatchObject({ amount: 495, freeShipping: true });
    expect(shipCode.validCoupons).toMatchObject([
      { code: 'SHIPFREE', description: 'Free shipping' },
    ]);

    const under = await resolveDiscounts(
      h.db,
      b({
        lines: [{ itemId: 'poster', variantId: 'v', productType: 1, unitPrice: 800, quantity: 1 }],
        subtotal: 800,
      }),
      undefined,
    );
    // 15% of $8 is $1.20: the fixed $2 takes more; free shipping needs $30.
    expect(under.lines.map((l) => l.discountId)).toEqual([small.id]);
    expect(under).toMatchObject({ amount: 200, freeShipping: false });
  });
  it('checkouts cache the automatic discounts per content version: a save reaches the next quote', async () => {
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 })).statusCode).toBe(200);
    const discountTotal = async () => {
      const r = await s.post('/api/commerce/checkout/quote', { shippingAddress: NY });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<QuoteResponse>().totals.discountTotal;
    };
    const before = await discountTotal();
    expect(await discountTotal()).toBe(before); // the second quote is served from the cache
    const flash = await create({ title: 'Flash sale', kind: 'fixed', value: 2400 });
    expect(await discountTotal()).toBe(2400);
    const off = await admin.put(`${API}/${flash.id}`, {
      title: 'Flash sale',
      kind: 'fixed',
      value: 2400,
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await discountTotal()).toBe(before);
    const limited = await create({
      title: 'First five',
      kind: 'fixed',
      value: 2300,
      usageLimit: 5,
    });
    expect(await discountTotal()).toBe(2300);
    // Used up by orders (which bump no version): a discount with a limit is read fresh.
    await h.db
      .updateTable('discounts')
      .set({ times_used: 5 })
      .where('id', '=', limited.id)
      .execute();
    expect(await discountTotal()).toBe(before);
  });
});
