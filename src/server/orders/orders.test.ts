import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { Messages } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';
import { PostalMessages } from '../../shared/checkout/address-rules.js';
import type { OrderJson } from '../../shared/checkout/api.js';
import { HOST_B, SITE_A, SITE_B, seedShop, Shopper } from '../cart/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { TestCardMessages } from '../payments/test-provider.js';
import { NY, placeBody, SHOP_SETTINGS } from './test-fixtures.js';

const ORDERS = '/api/commerce/orders';
const QUOTE = '/api/commerce/checkout/quote';

describeEachBackend('orders API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let owner: Visitor;

  async function stockOf(variantId: string): Promise<number> {
    const r = await h.db
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    return r.qty_in_stock;
  }
  async function setStock(variantId: string, qty: number) {
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: qty })
      .where('id', '=', variantId)
      .execute();
  }
  async function count(table: 'orders' | 'test_payments' | 'order_lines') {
    const r = await h.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
  async function outbox(kind: string) {
    return h.db.selectFrom('outbox').selectAll().where('kind', '=', kind).orderBy('id').execute();
  }
  async function shopperWith(
    items: { itemId: string; sku?: string; quantity?: number; additionalFields?: unknown }[],
    host?: string,
  ) {
    const s = new Shopper(app, host);
    for (const it of items) {
      const r = await s.add(it);
      expect(r.statusCode, r.body).toBe(200);
    }
    return s;
  }

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    await saveCheckoutSettings(h.db, SITE_B, SHOP_SETTINGS, new Date());
    const o = await createOwner(h.db, {
      email: 'owner@shop.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, SITE_A, o, Role.ADMIN);
    const m = await createOwner(h.db, {
      email: 'manager@shop.test',
      password: 'pw-123456',
      displayName: 'M',
    });
    await grantRole(h.db, SITE_A, m, Role.STORE_MANAGER);
    const v = await createOwner(h.db, {
      email: 'viewer@shop.test',
      password: 'pw-123456',
      displayName: 'V',
    });
    await grantRole(h.db, SITE_A, v, Role.VIEWER);
    ({ app, deps } = await buildTestApp(h));
    owner = new Visitor(app);
    const login = await owner.post('/api/auth/login', {
      email: 'owner@shop.test',
      password: 'pw-123456',
    });
    expect(login.statusCode, login.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  describe('placing an order', () => {
    it('refuses a product the owner made a draft after it was added, naming it', async () => {
      const s = await shopperWith([{ itemId: 'mug', sku: 'MUG-S', quantity: 1 }]);
      const bulk = (action: string) =>
        owner.post('/api/commerce/products/bulk', { ids: ['mug'], action });
      expect((await bulk('draft')).statusCode).toBe(200);
      try {
        const before = await count('orders');
        const res = await s.post(ORDERS, placeBody());
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'CHECKOUT_CART_CHANGED' });
        expect(res.json().error.message).toMatch(
          /is no longer available\. Remove it from your cart/,
        );
        expect(await count('orders')).toBe(before);
      } finally {
        expect((await bulk('publish')).statusCode).toBe(200);
      }
    });

    it('approves tok_visa: 201 with totals, stock taken, cart purchased, mails queued', async () => {
      const s = await shopperWith([
        { itemId: 'mug', sku: 'MUG-S', quantity: 2 },
        { itemId: 'poster' },
      ]);
      const before = await stockOf('v-mug-s');
      const res = await s.post(ORDERS, placeBody());
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as OrderJson;
      // 2 × 12.50 + 8.00 = 33.00; shipping 8.00; NY 8.875% per line: 2.22 + 0.71, shipping 0.71.
      expect(order).toMatchObject({
        orderNumber: expect.any(Number),
        email: 'ada@example.com',
        currency: 'USD',
        subtotal: 3300,
        shippingTotal: 800,
        taxTotal: 222 + 71 + 71,
        discountTotal: 0,
        grandTotal: 3300 + 800 + 364,
        paymentStatus: 'paid',
        fulfillmentStatus: 'unfulfilled',
        status: 'open',
        testMode: true,
        paymentProvider: 'test',
        shippingOption: { id: 'std', name: 'Standard' },
      });
      expect(order.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
        ['MUG-S', 2, 1250, 2500],
        ['POSTER', 1, 800, 800],
      ]);
      expect(order.statusUrl).toMatch(/^\/orders\/status\/[\w-]+\.[\w-]+$/);
      expect(await stockOf('v-mug-s')).toBe(before - 2);

      const cart = await s.get('/api/commerce/shopping-cart');
      expect(cart.json()).toMatchObject({ entries: [], totalQuantity: 0 });
      const row = await h.db
        .selectFrom('carts')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.is_purchased).toBe(true);

      const confirm = (await outbox('order-confirmation')).filter(
        (m) => m.to_address === 'ada@example.com',
      );
      expect(confirm.at(-1)?.subject).toBe(`Your Shop <A> order #${order.orderNumber}`);
      expect(confirm.at(-1)?.html_body).toContain('Shop &lt;A&gt;');
      expect((await outbox('order-owner')).map((m) => m.to_address)).toContain('owner@shop.test');

      // Shopping on afterwards starts a new cart.
      const next = await s.add({ itemId: 'poster' });
      expect(next.statusCode).toBe(200);
      expect(next.json().shoppingCart).toMatchObject({ totalQuantity: 1, isPurchased: false });
      expect(next.json().shoppingCart.id).not.toBe(row.id);

      const purchase = await h.db
        .selectFrom('analytics_events')
        .selectAll()
        .where('name', '=', 'CommercePurchase')
        .execute();
      const content = purchase.map((p) =>
        typeof p.content === 'string' ? JSON.parse(p.content) : p.content,
      );
      expect(content.find((c) => c.id === order.id)).toMatchObject({
        grandTotal: order.grandTotal,
        shippingTotal: 800,
        taxTotal: 364,
        items: [
          { sku: 'MUG-S', productName: 'Mug', quantity: 2, unitPrice: 1250 },
          { sku: 'POSTER', productName: 'Poster', quantity: 1, unitPrice: 800 },
        ],
        testMode: true,
        websiteId: SITE_A,
      });
    });

    it('a decline writes no order, takes no stock, and keeps the cart (402, provider message)', async () => {
      for (const [token, message] of [
        ['tok_chargeDeclined', TestCardMessages.DECLINED],
        ['tok_insufficientFunds', TestCardMessages.INSUFFICIENT_FUNDS],
      ] as const) {
        const s = await shopperWith([{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 3 }]);
        const [orders, payments, stock] = [
          await count('orders'),
          await count('test_payments'),
          await stockOf('v-tee-s-red'),
        ];
        const res = await s.post(ORDERS, placeBody({ payment: { provider: 'test', token } }));
        expect(res.statusCode, res.body).toBe(402);
        expect(res.json().error).toMatchObject({ code: 'PAYMENT_DECLINED', message });
        expect(await count('orders')).toBe(orders);
        expect(await count('test_payments')).toBe(payments);
        expect(await stockOf('v-tee-s-red')).toBe(stock);
        expect((await s.get('/api/commerce/shopping-cart')).json().totalQuantity).toBe(3);
        // The same cart then pays with a good card.
        const ok = await s.post(ORDERS, placeBody());
        expect(ok.statusCode, ok.body).toBe(201);
      }
    });

    it('field errors: 400 with SPEC 5.7 postal texts, nothing written', async () => {
      const s = await shopperWith([{ itemId: 'poster' }]);
      const orders = await count('orders');
      const res = await s.post(
        ORDERS,
        placeBody({
          email: 'not-an-email',
          shippingAddress: { ...NY, postalCode: '123', firstName: '' },
        }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'CHECKOUT_FIELDS_INVALID',
        message: Messages.UPDATE_MISSING_INFO,
        fieldErrors: {
          email: 'Please enter a valid email',
          'shippingAddress.postalCode': PostalMessages.ZIP_FIVE_DIGITS,
          'shippingAddress.firstName': 'Required',
        },
      });
      const sparse = await s.post(ORDERS, {
        shippingAddress: { country: 'US' },
        shippingOptionId: 'std',
        payment: { provider: 'test' },
      });
      expect(sparse.statusCode).toBe(400);
      expect(sparse.json().error.fieldErrors).toEqual({
        email: 'Required',
        'shippingAddress.firstName': 'Required',
        'shippingAddress.lastName': 'Required',
        'shippingAddress.line1': 'Required',
        'shippingAddress.city': 'Required',
        'shippingAddress.region': 'Required',
        'shippingAddress.postalCode': PostalMessages.INVALID,
        'payment.token': 'Required',
      });
      const au = await s.post(
        ORDERS,
        placeBody({
          shippingAddress: { ...NY, country: 'AU', region: 'NSW', postalCode: '20000' },
        }),
      );
      expect(au.json().error.fieldErrors).toEqual({
        'shippingAddress.postalCode': PostalMessages.POSTCODE_FOUR_DIGITS,
      });
      const fr = await s.post(
        ORDERS,
        placeBody({ shippingAddress: { ...NY, country: 'FR', region: '', postalCode: '75001' } }),
      );
      expect(fr.json().error.fieldErrors).toEqual({
        'shippingAddress.country': 'We do not ship to this country.',
      });
      const badOption = await s.post(ORDERS, placeBody({ shippingOptionId: 'nope' }));
      expect(badOption.json().error.fieldErrors).toEqual({
        shippingOptionId: 'Please choose one of the shipping options offered.',
      });
      const stripe = await s.post(
        ORDERS,
        placeBody({ payment: { provider: 'stripe', token: 'pm_1' } }),
      );
      expect(stripe.json().error.fieldErrors).toEqual({
        'payment.provider': Messages.PAYMENT_METHOD_UNAVAILABLE,
      });
      expect(await count('orders')).toBe(orders);
    });

    it('the SPEC 8.3 minimum subtotal blocks placing', async () => {
      const s = await shopperWith([{ itemId: 'other-mug' }], HOST_B);
      const res = await s.post(ORDERS, placeBody());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'CHECKOUT_MINIMUM_SUBTOTAL',
        message: 'To check out, your order subtotal must be $1,000.00 or more.',
      });
    });

    it('an empty cart, or none, is a clear 400', async () => {
      const s = new Shopper(app);
      const res = await s.post(ORDERS, placeBody());
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'CART_EMPTY', message: Messages.CART_EMPTY });
    });

    it('out of stock: 409 with the short lines and SPEC 5.1 text; no charge, no stock taken', async () => {
      await setStock('v-mug-m', 1);
      const s = await shopperWith([
        { itemId: 'mug', sku: 'MUG-M', quantity: 1 },
        { itemId: 'poster' },
      ]);
      await setStock('v-mug-m', 0);
      const payments = await count('test_payments');
      const res = await s.post(ORDERS, placeBody());
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: Messages.OUT_OF_STOCK,
        lines: [{ variantId: 'v-mug-m', sku: 'MUG-M', title: 'Mug', requested: 1, available: 0 }],
      });
      expect(await count('test_payments')).toBe(payments);
      expect(await stockOf('v-mug-m')).toBe(0);
    });

    it('Idempotency-Key replay and a second place for the same cart return the first order', async () => {
      const s = await shopperWith([{ itemId: 'tee', sku: 'TEE-M-BLUE', quantity: 2 }]);
      const stock = await stockOf('v-tee-m-blue');
      const payments = await count('test_payments');
      const key = { 'idempotency-key': 'place-1' };
      const first = await s.post(ORDERS, placeBody(), key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await s.post(ORDERS, placeBody(), key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().order.id).toBe(first.json().order.id);
      const other = await s.post(ORDERS, placeBody());
      expect(other.json().order.id).toBe(first.json().order.id);
      const changed = await s.post(ORDERS, placeBody({ email: 'x@example.com' }), key);
      expect(changed.statusCode).toBe(409);
      expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await stockOf('v-tee-m-blue')).toBe(stock - 2);
      expect(await count('test_payments')).toBe(payments + 1);
    });

    it('concurrent places of one cart make one order and one charge', async () => {
      const s = await shopperWith([{ itemId: 'tee', sku: 'TEE-M-BLUE', quantity: 1 }]);
      const stock = await stockOf('v-tee-m-blue');
      const payments = await count('test_payments');
      const results = await Promise.all(
        Array.from({ length: 5 }, () => s.post(ORDERS, placeBody())),
      );
      const ids = new Set(results.map((r) => r.json().order?.id));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(ids.size).toBe(1);
      expect(await stockOf('v-tee-m-blue')).toBe(stock - 1);
      expect(await count('test_payments')).toBe(payments + 1);
    });

    it('manual payment: pending with the owner instructions, escaped on the status page', async () => {
      const s = await shopperWith([{ itemId: 'poster' }]);
      const res = await s.post(ORDERS, placeBody({ payment: { provider: 'manual' } }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as OrderJson;
      expect(order).toMatchObject({
        paymentStatus: 'pending',
        paymentInstructions: 'Pay to IBAN <X> & "Y".',
      });
      const page = await s.get(order.statusUrl);
      expect(page.statusCode).toBe(200);
      // Text content: `|html` escapes & < > (quotes are harmless outside attributes).
      expect(page.body).toContain('Pay to IBAN &lt;X&gt; &amp; "Y".');
      expect(page.body).toContain(`Order #${order.orderNumber}`);
      const json = await new Visitor(app).get(`${order.statusUrl}?format=json`);
      expect(json.json()).toMatchObject({
        pageType: 211,
        order: { id: order.id, paymentStatus: 'pending' },
      });
    });

    it('digital and gift-card carts need no shipping address', async () => {
      const s = await shopperWith([{ itemId: 'ebook' }, { itemId: 'gift', sku: 'GIFT-25' }]);
      const quote = await s.post(QUOTE, {});
      expect(quote.json()).toMatchObject({
        requiresShipping: false,
        purelyDigital: true,
        shippingOptions: [],
      });
      const res = await s.post(ORDERS, {
        email: 'ada@example.com',
        billingAddress: { ...NY },
        payment: { provider: 'test', token: 'tok_visa' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order).toMatchObject({
        fulfillmentStatus: 'not_required',
        status: 'completed',
        shippingTotal: 0,
        subtotal: 3400,
        shippingAddress: null,
      });
      // The page may skip the address step altogether for such a cart.
      const bare = await shopperWith([{ itemId: 'ebook' }]);
      const noAddress = await bare.post(ORDERS, {
        email: 'ada@example.com',
        payment: { provider: 'test', token: 'tok_visa' },
      });
      expect(noAddress.statusCode, noAddress.body).toBe(201);
      expect(noAddress.json().order).toMatchObject({ billingAddress: null, grandTotal: 900 });
    });

    it('the order confirmed page (202) needs its signed token', async () => {
      const s = await shopperWith([{ itemId: 'poster' }]);
      const order = (await s.post(ORDERS, placeBody())).json().order as OrderJson;
      const token = order.statusUrl.split('/').pop()!;
      expect(order.confirmationUrl).toBe(`/checkout/order-confirmed/${order.id}?t=${token}`);
      const ok = await s.get(`/checkout/order-confirmed/${order.id}?t=${token}&format=json`);
      expect(ok.json()).toMatchObject({ pageType: 202, order: { id: order.id } });
      const html = await s.get(`/checkout/order-confirmed/${order.id}?t=${token}`);
      expect(html.body).toContain('Thank you for your order');
      const forged = await s.get(
        `/checkout/order-confirmed/${order.id}?t=${order.id}.AAAA&format=json`,
      );
      expect(forged.statusCode).toBe(404);
      const otherSite = await new Visitor(app, HOST_B).get(`${order.statusUrl}?format=json`);
      expect(otherSite.statusCode).toBe(404);
    });
  });

  describe('quote', () => {
    it('prices the cart for an address and writes nothing', async () => {
      const s = await shopperWith([{ itemId: 'mug', sku: 'MUG-S', quantity: 1 }]);
      const [orders, events] = [
        await count('orders'),
        await h.db.selectFrom('order_events').select('seq').execute(),
      ];
      const res = await s.post(QUOTE, {
        shippingAddress: { country: 'US', region: 'NY' },
        shippingOptionId: 'pickup',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        requiresShipping: true,
        selectedShippingOptionId: 'pickup',
        shippingOptions: [
          { id: 'std', amount: 800 },
          { id: 'pickup', amount: 0 },
        ],
        totals: { subtotal: 1250, shippingTotal: 0, taxTotal: 111, grandTotal: 1361 },
        shipsTo: ['US', 'CA', 'AU'],
        testMode: true,
        paymentProviders: [
          { id: 'test', label: 'Test card' },
          { id: 'manual', label: 'Bank transfer', instructions: 'Pay to IBAN <X> & "Y".' },
        ],
      });
      expect(await count('orders')).toBe(orders);
      expect((await h.db.selectFrom('order_events').select('seq').execute()).length).toBe(
        events.length,
      );
    });

    it('JPY: zero-digit amounts, tax included', async () => {
      await h.db.updateTable('sites').set({ currency: 'JPY' }).where('id', '=', SITE_B).execute();
      deps.resolver.invalidate();
      await saveCheckoutSettings(
        h.db,
        SITE_B,
        {
          ...SHOP_SETTINGS,
          shipsTo: ['JP'],
          pricesIncludeTax: true,
          shippingOptions: [
            {
              id: 'yu',
              name: 'ゆうパック',
              kind: 'flat',
              description: '',
              countries: [],
              amount: 800,
            },
          ],
          taxRules: [
            {
              id: 'ct',
              name: '消費税',
              country: 'JP',
              region: '',
              rate: 10,
              appliesToShipping: true,
            },
          ],
        },
        new Date(),
      );
      try {
        const s = await shopperWith([{ itemId: 'other-mug', quantity: 3 }], HOST_B);
        const q = await s.post(QUOTE, { shippingAddress: { country: 'JP', region: 'Tokyo' } });
        // 3 × 999 = 2997 (incl. 272.45 → 272) + 800 (incl. 72.7 → 73).
        expect(q.json().totals).toMatchObject({
          currency: 'JPY',
          subtotal: 2997,
          shippingTotal: 800,
          taxTotal: 345,
          grandTotal: 3797,
          taxLines: [{ name: '消費税', included: true, amount: 345 }],
        });
        // Above the website's ¥100,000 minimum, in Japanese: the shopper's mail is too.
        await h.db
          .updateTable('sites')
          .set({ language: 'ja-JP' })
          .where('id', '=', SITE_B)
          .execute();
        deps.resolver.invalidate();
        const big = await shopperWith([{ itemId: 'other-mug', quantity: 101 }], HOST_B);
        const placed = await big.post(
          ORDERS,
          placeBody({
            email: 'hanako@example.jp',
            shippingOptionId: 'yu',
            shippingAddress: {
              ...NY,
              country: 'JP',
              region: '東京都',
              postalCode: '100-0001',
              city: '千代田区',
            },
          }),
        );
        expect(placed.statusCode, placed.body).toBe(201);
        expect(placed.json().order).toMatchObject({
          currency: 'JPY',
          subtotal: 100899,
          grandTotal: 101699,
        });
        const mail = (await outbox('order-confirmation')).find(
          (m) => m.to_address === 'hanako@example.jp',
        );
        expect(mail?.subject).toBe(
          `【Shop B】ご注文ありがとうございます（注文番号 ${placed.json().order.orderNumber}）`,
        );
        expect(mail?.text_body).toContain('￥101,699');
      } finally {
        await h.db
          .updateTable('sites')
          .set({ currency: 'USD', language: 'en-US' })
          .where('id', '=', SITE_B)
          .execute();
        deps.resolver.invalidate();
        await saveCheckoutSettings(h.db, SITE_B, SHOP_SETTINGS, new Date());
      }
    });
  });

  describe('owner', () => {
    let manual: OrderJson;
    let paid: OrderJson;

    beforeAll(async () => {
      const a = await shopperWith([{ itemId: 'mug', sku: 'MUG-S', quantity: 1 }]);
      manual = (
        await a.post(
          ORDERS,
          placeBody({ email: 'grace@example.com', payment: { provider: 'manual' } }),
        )
      ).json().order;
      const b = await shopperWith([{ itemId: 'mug', sku: 'MUG-S', quantity: 2 }]);
      paid = (await b.post(ORDERS, placeBody({ email: 'linus@example.com' }))).json().order;
    });

    it('lists newest first, filters by status, searches by number or email, pages', async () => {
      const all = await owner.get(`${ORDERS}?limit=2`);
      expect(all.statusCode, all.body).toBe(200);
      const body = all.json();
      expect(body.orders.map((o: OrderJson) => o.id)).toEqual([paid.id, manual.id]);
      expect(body.total).toBeGreaterThan(2);
      expect(body.nextCursor).toBe(String(manual.orderNumber));
      const next = (await owner.get(`${ORDERS}?limit=2&cursor=${body.nextCursor}`)).json();
      expect(next.orders[0].orderNumber).toBe(manual.orderNumber - 1);
      // A cursor past any order number (the fuzz suite's find) is the first page, not a 500.
      const huge = await owner.get(`${ORDERS}?limit=2&cursor=9007199254740994`);
      expect(huge.statusCode).toBe(200);
      expect(huge.json().orders[0].id).toBe(paid.id);
      const pending = (await owner.get(`${ORDERS}?status=pending`)).json();
      expect(pending.orders.every((o: OrderJson) => o.paymentStatus === 'pending')).toBe(true);
      expect(pending.orders.map((o: OrderJson) => o.id)).toContain(manual.id);
      const byEmail = (await owner.get(`${ORDERS}?q=GRACE@`)).json();
      expect(byEmail.orders.map((o: OrderJson) => o.id)).toEqual([manual.id]);
      const byNumber = (await owner.get(`${ORDERS}?q=%23${paid.orderNumber}`)).json();
      expect(byNumber.orders.map((o: OrderJson) => o.id)).toEqual([paid.id]);
      const one = await owner.get(`${ORDERS}/${paid.id}`);
      expect(one.json().order).toMatchObject({
        id: paid.id,
        events: [{ kind: 'placed' }, { kind: 'paid' }],
      });
    });

    it('mark as paid moves a manual order to paid once', async () => {
      const r = await owner.post(`${ORDERS}/${manual.id}/mark-paid`, {});
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().order).toMatchObject({ paymentStatus: 'paid' });
      const again = await owner.post(`${ORDERS}/${manual.id}/mark-paid`, {});
      expect(
        again.json().order.events.filter((e: { kind: string }) => e.kind === 'paid'),
      ).toHaveLength(1);
    });

    it('fulfil records tracking and mails the shopper', async () => {
      const r = await owner.post(`${ORDERS}/${paid.id}/fulfill`, {
        carrier: 'UPS',
        trackingNumber: '1Z<999>',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().order).toMatchObject({
        fulfillmentStatus: 'fulfilled',
        status: 'completed',
        fulfillments: [{ carrier: 'UPS', trackingNumber: '1Z<999>' }],
      });
      const mail = (await outbox('order-shipped')).find(
        (m) => m.to_address === 'linus@example.com',
      );
      expect(mail?.text_body).toContain('1Z<999>');
      expect(mail?.html_body).toContain('1Z&lt;999&gt;');
      const cancel = await owner.post(`${ORDERS}/${paid.id}/cancel`, {});
      expect(cancel.statusCode).toBe(409);
    });

    it('partial and full refunds, never more than paid', async () => {
      // A double click: the same refund twice at once is one refund.
      const [part] = await Promise.all([
        owner.post(`${ORDERS}/${paid.id}/refund`, { amount: 500 }),
        owner.post(`${ORDERS}/${paid.id}/refund`, { amount: 500 }),
      ]);
      expect(part.statusCode, part.body).toBe(200);
      expect(part.json().order).toMatchObject({
        refundedTotal: 500,
        paymentStatus: 'partially_refunded',
      });
      const tooMuch = await owner.post(`${ORDERS}/${paid.id}/refund`, { amount: paid.grandTotal });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().error.code).toBe('REFUND_TOO_LARGE');
      const rest = await owner.post(`${ORDERS}/${paid.id}/refund`, {});
      expect(rest.json().order).toMatchObject({
        refundedTotal: paid.grandTotal,
        paymentStatus: 'refunded',
      });
      const ledger = await h.db
        .selectFrom('test_payments')
        .selectAll()
        .where(
          'reference',
          '=',
          (
            await h.db
              .selectFrom('orders')
              .select('payment_reference')
              .where('id', '=', paid.id)
              .executeTakeFirstOrThrow()
          ).payment_reference,
        )
        .executeTakeFirstOrThrow();
      expect(ledger.refunded).toBe(paid.grandTotal);
    });

    it('cancel returns the stock, refunds, and fires the restock notice when a variant comes back', async () => {
      await setStock('v-mug-s', 1);
      const s = await shopperWith([{ itemId: 'mug', sku: 'MUG-S', quantity: 1 }]);
      const order = (await s.post(ORDERS, placeBody())).json().order as OrderJson;
      expect(await stockOf('v-mug-s')).toBe(0);
      const restocked: string[] = [];
      const listener = (e: { variantId: string }) => restocked.push(e.variantId);
      deps.events.on('variant-restocked', listener);
      try {
        const r = await owner.post(`${ORDERS}/${order.id}/cancel`, {});
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().order).toMatchObject({
          status: 'cancelled',
          paymentStatus: 'refunded',
          refundedTotal: order.grandTotal,
        });
      } finally {
        deps.events.off('variant-restocked', listener);
      }
      expect(await stockOf('v-mug-s')).toBe(1);
      expect(restocked).toEqual(['v-mug-s']);
    });

    it('records each owner action in the audit log, once, with who did it (issue 16)', async () => {
      const rows = await h.db
        .selectFrom('audit_log')
        .select(['action', 'target', 'actor_email', 'details'])
        .where('site_id', '=', SITE_A)
        .where('action', 'in', ['order.paid', 'order.fulfil', 'order.refund', 'order.cancel'])
        .execute();
      const of = (action: string, orderId: string) =>
        rows.filter((r) => r.action === action && r.details.orderId === orderId);
      expect(of('order.paid', manual.id)).toEqual([
        expect.objectContaining({
          target: `Order #${manual.orderNumber}`,
          actor_email: 'owner@shop.test',
        }),
      ]);
      expect(of('order.fulfil', paid.id)).toHaveLength(1);
      // One entry per refund the order records, for what it refunded in all.
      const events = (await owner.get(`${ORDERS}/${paid.id}`))
        .json()
        .order.events.filter((e: { kind: string }) => e.kind === 'refunded');
      const refunds = of('order.refund', paid.id).map((r) => Number(r.details.amount));
      expect(refunds).toHaveLength(events.length);
      expect(refunds.reduce((a, b) => a + b, 0)).toBe(paid.grandTotal);
      expect(rows.filter((r) => r.action === 'order.cancel')).toHaveLength(1);
    });

    it('CSV export', async () => {
      const r = await owner.get(`${ORDERS}.csv?q=grace`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/csv');
      const rows = r.body.trim().split('\r\n');
      expect(rows[0]).toMatch(/^orderNumber,createdOn,email,status,paymentStatus/);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain('grace@example.com');
      expect(rows[1]).toContain('1 x MUG-S');
    });

    it('store managers may; viewers, strangers and signed-out visitors may not', async () => {
      const manager = new Visitor(app);
      await manager.post('/api/auth/login', { email: 'manager@shop.test', password: 'pw-123456' });
      expect((await manager.get(ORDERS)).statusCode).toBe(200);
      const viewer = new Visitor(app);
      await viewer.post('/api/auth/login', { email: 'viewer@shop.test', password: 'pw-123456' });
      expect((await viewer.get(ORDERS)).statusCode).toBe(403);
      expect((await viewer.post(`${ORDERS}/${manual.id}/refund`, {})).statusCode).toBe(403);
      expect((await viewer.get('/api/commerce/settings/checkout')).statusCode).toBe(403);
      expect((await new Visitor(app).get(ORDERS)).statusCode).toBe(401);
      const otherSite = new Visitor(app, HOST_B);
      await otherSite.post('/api/auth/login', { email: 'owner@shop.test', password: 'pw-123456' });
      expect((await otherSite.get(`${ORDERS}/${manual.id}`)).statusCode).toBe(403);
    });

    it('overview: orders, revenue, average order value per day; funnel checkout → purchase', async () => {
      const live = await h.db
        .selectFrom('orders')
        .select(['id', 'grand_total', 'gift_card_total', 'refunded_total'])
        .where('site_id', '=', SITE_A)
        .where('status', '<>', 'cancelled')
        .where('payment_status', 'not in', ['voided', 'failed'])
        .execute();
      // Gift cards sold are money held for the shopper, not revenue (counted when spent).
      const cardsSold = await h.db
        .selectFrom('order_lines')
        .select(['order_id', 'line_total'])
        .where('product_type', '=', 4)
        .where(
          'order_id',
          'in',
          live.map((o) => o.id),
        )
        .execute();
      expect(cardsSold.length).toBeGreaterThan(0);
      const revenue =
        live.reduce((n, o) => n + o.grand_total + o.gift_card_total - o.refunded_total, 0) -
        cardsSold.reduce((n, l) => n + l.line_total, 0);
      const summary = (await owner.get('/api/analytics/summary')).json();
      expect(summary.commerce).toMatchObject({
        currency: 'USD',
        orders: live.length,
        revenue,
        averageOrderValue: Math.round(revenue / live.length),
        testOrders: live.length,
        discounts: 0,
        recurringRevenue: 0,
      });
      expect(summary.commerce.days).toEqual([
        { day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), revenue, orders: live.length },
      ]);
      expect(summary.visitsPerDay).toEqual([]);

      // A purchase event sent by a browser is not a sale.
      const forged = await new Shopper(app).request({
        method: 'POST',
        url: '/api/v1/clanker/events',
        crumb: false,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          eventSchemaName: 'CommercePurchase',
          eventContent: {
            website_id: SITE_A,
            logged_in: false,
            id: 'fake',
            grandTotal: 1,
            shippingTotal: 0,
            taxTotal: 0,
            items: [],
            purchasedCartId: 'c',
            testMode: false,
            websiteId: SITE_A,
          },
        }),
      });
      expect(forged.statusCode).toBeLessThan(500);
      const placed = await h.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_id', '=', SITE_A)
        .executeTakeFirstOrThrow();
      const funnel = (await owner.get('/api/analytics/funnel')).json();
      expect(funnel.steps.map((x: { step: string }) => x.step)).toEqual([
        'product_views',
        'add_to_cart',
        'cart_views',
        'checkout',
        'purchase',
      ]);
      expect(funnel.steps[3].events).toBeGreaterThan(0);
      expect(funnel.steps[4].events).toBe(Number(placed.n));
    });

    it('checkout settings: read, replace, and refuse bad ones with field errors', async () => {
      const got = await owner.get('/api/commerce/settings/checkout');
      expect(got.json().settings).toMatchObject({ shipsTo: ['US', 'CA', 'AU'] });
      const bad = await owner.put('/api/commerce/settings/checkout', {
        ...SHOP_SETTINGS,
        shipsTo: ['US', 'ZZ'],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({
        code: 'CHECKOUT_SETTINGS_INVALID',
        fieldErrors: { 'shipsTo.1': 'ZZ is not a country the checkout knows.' },
      });
      const good = await owner.put('/api/commerce/settings/checkout', {
        ...SHOP_SETTINGS,
        shipsTo: ['us', 'CA', 'AU'],
      });
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().settings.shipsTo).toEqual(['US', 'CA', 'AU']);
    });

    it('checkout settings: an open-ended last tier (upTo null) saves and reads back as null', async () => {
      const tiered = {
        id: 'by-price',
        name: 'By order value',
        kind: 'price_tiers' as const,
        description: '',
        countries: ['US'],
        amount: 0,
        tiers: [
          { upTo: 5000, amount: 500 },
          { upTo: null, amount: 900 },
        ],
      };
      const settings = {
        ...SHOP_SETTINGS,
        shippingOptions: [...SHOP_SETTINGS.shippingOptions, tiered],
      };
      const saved = await owner.put('/api/commerce/settings/checkout', settings);
      expect(saved.statusCode, saved.body).toBe(200);
      const read = (await owner.get('/api/commerce/settings/checkout')).json().settings;
      expect(read.shippingOptions.at(-1).tiers).toEqual(tiered.tiers);
      // What the settings screen read saves back unchanged.
      expect((await owner.put('/api/commerce/settings/checkout', read)).statusCode).toBe(200);
    });
  });
});
