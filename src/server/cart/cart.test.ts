import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, TEST_SECRET } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Messages } from '../../shared/errors.js';
import { CART_COOKIE, CART_HINT_COOKIE, cartCookieValue } from './cart-cookie.js';
import { CART_RATE_LIMIT } from './routes.js';
import { HOST_B, SITE_A, SITE_B, seedShop, Shopper } from './test-fixtures.js';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';

/** SPEC 3.1 cart fields, every one of which the cart JSON must carry. */
const CART_FIELDS = [
  'id',
  'websiteId',
  'orderId',
  'created',
  'isPurchased',
  'entries',
  'shippingOptions',
  'selectedShippingOption',
  'shippingLocation',
  'applicableTaxRules',
  'coupons',
  'validCoupons',
  'invalidCoupons',
  'subtotalCents',
  'taxCents',
  'shippingCostCents',
  'discountCents',
  'grandTotalCents',
  'totalQuantity',
  'hasDigital',
  'purelyDigital',
  'requiresShipping',
];
const ENTRY_FIELDS = [
  'id',
  'itemId',
  'chosenVariant',
  'quantity',
  'title',
  'subTotal',
  'purchasePriceCents',
  'additionalFields',
];

function expectError(res: LightMyRequestResponse, status: number, code: string, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(body.message).toBe(message);
  return body.error as Record<string, unknown>;
}

describeEachBackend('cart API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const countCarts = async () =>
    Number(
      (
        await h.db
          .selectFrom('carts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('reading', () => {
    it('gives an empty cart with every SPEC 3.1 field when there is no cart cookie', async () => {
      const v = new Shopper(app);
      const res = await v.get(`${CART}?mock=false&timecode=1&calculateSubtotal=true`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const cart = res.json();
      for (const f of CART_FIELDS) expect(cart, f).toHaveProperty(f);
      expect(cart).toMatchObject({
        id: '',
        websiteId: SITE_A,
        isPurchased: false,
        entries: [],
        shippingOptions: [],
        applicableTaxRules: [],
        coupons: [],
        validCoupons: [],
        invalidCoupons: [],
        subtotalCents: 0,
        taxCents: 0,
        shippingCostCents: 0,
        discountCents: 0,
        grandTotalCents: 0,
        totalQuantity: 0,
        hasDigital: false,
        purelyDigital: false,
        requiresShipping: false,
      });
      expect(v.cookies.has(CART_COOKIE)).toBe(false);
    });
  });

  describe('adding', () => {
    it('creates the cart and its HttpOnly cookie on the first add, priced by the catalog', async () => {
      const v = new Shopper(app);
      await v.get(CART);
      const before = await countCarts();
      const res = await v.add({ itemId: 'mug', sku: 'MUG-M', quantity: 1, price: 1, unitPrice: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = (
        res.cookies as {
          name: string;
          httpOnly?: boolean;
          sameSite?: string;
          maxAge?: number;
          path?: string;
          secure?: boolean;
        }[]
      ).find((c) => c.name === CART_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie!.maxAge!).toBeGreaterThan(180 * 24 * 3600);
      const hint = (res.cookies as { name: string; httpOnly?: boolean; value: string }[]).find(
        (c) => c.name === CART_HINT_COOKIE,
      );
      expect(hint).toMatchObject({ value: '1' });
      expect(hint?.httpOnly).toBeFalsy();
      expect(await countCarts()).toBe(before + 1);

      const { shoppingCart, newlyAdded } = res.json();
      for (const f of CART_FIELDS) expect(shoppingCart, f).toHaveProperty(f);
      for (const f of ENTRY_FIELDS) expect(newlyAdded, f).toHaveProperty(f);
      expect(newlyAdded).toMatchObject({
        itemId: 'mug',
        chosenVariant: { sku: 'MUG-M', attributes: { Size: 'M' } },
        quantity: 1,
        title: 'Mug',
        // On sale: the sale price, never the client's.
        purchasePriceCents: 1200,
        subTotal: { value: '12.00', currency: 'USD' },
        additionalFields: null,
      });
      expect(shoppingCart).toMatchObject({
        websiteId: SITE_A,
        orderId: null,
        isPurchased: false,
        subtotalCents: 1200,
        grandTotalCents: 1200,
        totalQuantity: 1,
        requiresShipping: true,
        hasDigital: false,
        purelyDigital: false,
      });
      expect(shoppingCart.id).toMatch(/^[\w-]{20,}$/);
      expect(typeof shoppingCart.created).toBe('number');

      const again = (await v.get(CART)).json();
      expect(again.id).toBe(shoppingCart.id);
      expect(again.entries).toEqual(shoppingCart.entries);
    });

    it('merges the same variant with the same form answers and keeps different answers apart', async () => {
      const v = new Shopper(app);
      await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 });
      const second = (await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: '2' })).json();
      expect(second.shoppingCart.entries).toHaveLength(1);
      expect(second.newlyAdded.quantity).toBe(3);
      expect(second.shoppingCart.subtotalCents).toBe(3 * 1250);

      const a = await v.add({
        itemId: 'pen',
        sku: 'PEN',
        quantity: 1,
        additionalFields: JSON.stringify({ engraving: 'Ada', size: ['Large'] }),
      });
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().newlyAdded.additionalFields).toEqual({ engraving: 'Ada', size: ['Large'] });
      // Same answers, other key order: the same line.
      const b = await v.add({
        itemId: 'pen',
        sku: 'PEN',
        quantity: 2,
        additionalFields: { size: ['Large'], engraving: 'Ada' },
      });
      expect(b.json().newlyAdded.quantity).toBe(3);
      const c = await v.add({
        itemId: 'pen',
        sku: 'PEN',
        quantity: 1,
        additionalFields: JSON.stringify({ engraving: 'Grace' }),
      });
      const cart = c.json().shoppingCart;
      expect(cart.entries.map((e: { quantity: number }) => e.quantity)).toEqual([3, 3, 1]);
      expect(cart.totalQuantity).toBe(7);
    });

    it('refuses malformed form answers and writes nothing', async () => {
      const v = new Shopper(app);
      const before = await countCarts();
      const bad = await v.add({
        itemId: 'pen',
        sku: 'PEN',
        quantity: 1,
        additionalFields: '{oops',
      });
      expectError(bad, 400, 'FORM_FIELDS_INVALID', Messages.FORM_PARSE_ERROR);
      const nested = await v.add({
        itemId: 'pen',
        sku: 'PEN',
        additionalFields: JSON.stringify({ a: { b: { c: 'd' } } }),
      });
      expectError(nested, 400, 'FORM_FIELDS_INVALID', Messages.FORM_PARSE_ERROR);
      const huge = await v.add({
        itemId: 'pen',
        sku: 'PEN',
        additionalFields: JSON.stringify({ a: 'x'.repeat(17 * 1024) }),
      });
      expectError(huge, 400, 'FORM_FIELDS_INVALID', Messages.FORM_INVALID_FIELDS);
      expect(await countCarts()).toBe(before);
      expect(v.cookies.has(CART_COOKIE)).toBe(false);
    });

    it('checks form answers against the product’s custom form (SPEC 5.3)', async () => {
      const v = new Shopper(app);
      const missing = expectError(
        await v.add({ itemId: 'card', sku: 'CARD', additionalFields: '{"wrap":"Yes"}' }),
        400,
        'FORM_FIELDS_INVALID',
        Messages.FORM_INVALID_FIELDS,
      );
      expect(missing.errors).toEqual({ note: Messages.REQUIRED });
      const tooLong = expectError(
        await v.add({ itemId: 'card', sku: 'CARD', additionalFields: { note: 'x'.repeat(21) } }),
        400,
        'FORM_FIELDS_INVALID',
        Messages.FORM_INVALID_FIELDS,
      );
      expect(tooLong.errors).toHaveProperty('note');
      expect(v.cookies.has(CART_COOKIE)).toBe(false);
      const ok = await v.add({
        itemId: 'card',
        sku: 'CARD',
        additionalFields: JSON.stringify({ note: 'Happy birthday', wrap: 'No', extra: 'dropped' }),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().newlyAdded.additionalFields).toEqual({ note: 'Happy birthday', wrap: 'No' });
      // The cart page shows the answers under the form's labels, as they were when added.
      const cart = (await v.get('/api/commerce/shopping-cart')).json();
      expect(cart.entries[0].additionalFieldAnswers).toEqual([
        expect.objectContaining({ rawTitle: 'Note', value: 'Happy birthday' }),
        expect.objectContaining({ rawTitle: 'Wrap', value: 'No' }),
      ]);
    });

    it('reports unselected options with the SPEC 5.1 texts', async () => {
      const v = new Shopper(app);
      const one = expectError(
        await v.add({ itemId: 'mug', quantity: 1 }),
        400,
        'NO_VARIANT_SELECTED',
        'Please select the Size option.',
      );
      expect(one.unselectedOptions).toEqual(['Size']);
      expectError(
        await v.add({ itemId: 'tee', sku: '', quantity: 1 }),
        400,
        'NO_VARIANT_SELECTED',
        'Please select the Size and Color options.',
      );
      expectError(
        await v.add({ itemId: 'gift', quantity: 1 }),
        400,
        'NO_VARIANT_SELECTED',
        Messages.GIFT_CARD_DENOMINATION,
      );
    });

    it('refuses unknown variants, variants of other items and other websites’ products', async () => {
      const v = new Shopper(app);
      for (const body of [
        { itemId: 'mug', sku: 'NOPE' },
        { itemId: 'mug', sku: 'TEE-S-RED' },
        { itemId: 'nope', sku: 'MUG-S' },
        { itemId: 'other-mug', sku: 'OTHER' },
      ]) {
        expectError(
          await v.add({ ...body, quantity: 1 }),
          400,
          'VARIANT_UNAVAILABLE',
          Messages.VARIANT_UNAVAILABLE,
        );
      }
      expect(v.cookies.has(CART_COOKIE)).toBe(false);
    });

    it('refuses more than the stock, counting what the cart holds, and says how many fit', async () => {
      const v = new Shopper(app);
      const sold = expectError(
        await v.add({ itemId: 'mug', sku: 'MUG-L', quantity: 1 }),
        409,
        'OUT_OF_STOCK',
        Messages.OUT_OF_STOCK,
      );
      expect(sold.available).toBe(0);
      expect((await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 3 })).statusCode).toBe(200);
      const more = expectError(
        await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 3 }),
        409,
        'OUT_OF_STOCK',
        Messages.OUT_OF_STOCK,
      );
      expect(more.available).toBe(2);
      const cart = (await v.get(CART)).json();
      expect(cart.totalQuantity).toBe(3);
      expect((await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 })).statusCode).toBe(200);
    });

    it('checks the quantity: a number, whole, 1 to 9999 (SPEC 5.1, 9.1)', async () => {
      const v = new Shopper(app);
      const add = (quantity: unknown) => v.add({ itemId: 'poster', sku: 'POSTER', quantity });
      for (const q of ['abc', '', null, '1e', true]) {
        expectError(await add(q), 400, 'QUANTITY_NOT_A_NUMBER', Messages.QUANTITY_NOT_A_NUMBER);
      }
      for (const q of [1.5, '2.25']) {
        expectError(await add(q), 400, 'QUANTITY_NOT_WHOLE', Messages.QUANTITY_NOT_WHOLE);
      }
      for (const q of [0, -1, 10000]) {
        expectError(await add(q), 400, 'QUANTITY_OUT_OF_RANGE', Messages.QUANTITY_OUT_OF_RANGE);
      }
      expect(v.cookies.has(CART_COOKIE)).toBe(false);
      expect((await add(9999)).statusCode).toBe(200);
      const over = expectError(
        await add(1),
        400,
        'QUANTITY_OUT_OF_RANGE',
        Messages.QUANTITY_OUT_OF_RANGE,
      );
      expect(over.available).toBe(0);
      // Missing quantity means one (the input is hidden for some products, SPEC 5.2).
      const ebook = await v.add({ itemId: 'ebook' });
      expect(ebook.json().newlyAdded.quantity).toBe(1);
    });

    it('obeys multipleQuantityAllowedForServices', async () => {
      const a = new Shopper(app);
      expect((await a.add({ itemId: 'lesson', sku: 'LESSON', quantity: 3 })).statusCode).toBe(200);
      const b = new Shopper(app, HOST_B);
      const two = expectError(
        await b.add({ itemId: 'other-lesson', sku: 'OTHER-LESSON', quantity: 2 }),
        400,
        'QUANTITY_OUT_OF_RANGE',
        Messages.SERVICE_SINGLE_QUANTITY,
      );
      expect(two.available).toBe(1);
      expect(
        (await b.add({ itemId: 'other-lesson', sku: 'OTHER-LESSON', quantity: 1 })).statusCode,
      ).toBe(200);
      const again = expectError(
        await b.add({ itemId: 'other-lesson', sku: 'OTHER-LESSON', quantity: 1 }),
        400,
        'QUANTITY_OUT_OF_RANGE',
        Messages.SERVICE_SINGLE_QUANTITY,
      );
      expect(again.available).toBe(0);
    });

    it('has no stock limit for digital products and gift cards', async () => {
      const v = new Shopper(app);
      const gift = await v.add({ itemId: 'gift', sku: 'GIFT-50', quantity: 40 });
      expect(gift.statusCode, gift.body).toBe(200);
      const ebook = await v.add({ itemId: 'ebook', quantity: 500 });
      expect(ebook.statusCode, ebook.body).toBe(200);
      expect(ebook.json().newlyAdded.purchasePriceCents).toBe(900);
      const cart = ebook.json().shoppingCart;
      expect(cart).toMatchObject({
        hasDigital: true,
        purelyDigital: true,
        requiresShipping: false,
        subtotalCents: 40 * 5000 + 500 * 900,
      });
    });

    it('refuses a one-time add of a subscription-only product', async () => {
      const v = new Shopper(app);
      expectError(
        await v.add({ itemId: 'coffee', sku: 'COFFEE', quantity: 1 }),
        400,
        'SUBSCRIPTION_ONLY',
        Messages.SUBSCRIPTION_ONLY,
      );
    });

    it('never oversells the last units to concurrent adds of one cart', async () => {
      const v = new Shopper(app);
      expect((await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 })).statusCode).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 })),
      );
      const ok = results.filter((r) => r.statusCode === 200).length;
      expect(ok).toBe(4);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect((await v.get(CART)).json().totalQuantity).toBe(5);
    });
  });

  describe('crumb, cookies and rate limit', () => {
    it('refuses adds without a valid crumb with the SPEC 8.1 texts, writing nothing', async () => {
      const before = await countCarts();
      const noCookies = await app.inject({
        method: 'POST',
        url: ENTRIES,
        headers: { host: 'localhost', 'x-forwarded-for': '10.9.9.1' },
        payload: { itemId: 'poster', sku: 'POSTER', quantity: 1 },
      });
      expectError(noCookies, 403, 'COOKIES_DISABLED', Messages.COOKIES_DISABLED);

      const v = new Shopper(app);
      await v.get(CART);
      const forged = await v.add(
        { itemId: 'poster', sku: 'POSTER', quantity: 1 },
        { 'x-csrf-token': 'forged.value' },
      );
      expectError(forged, 403, 'CRUMB_INVALID', Messages.SESSION_EXPIRED);
      const missing = await v.request({
        method: 'POST',
        url: ENTRIES,
        crumb: false,
        payload: { itemId: 'poster', sku: 'POSTER', quantity: 1 },
      });
      expectError(missing, 403, 'CRUMB_INVALID', Messages.SESSION_EXPIRED);
      const forgedCookie = new Shopper(app);
      forgedCookie.cookies.set('crumb', 'abc.def');
      const res = await forgedCookie.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
      expectError(res, 403, 'CRUMB_INVALID', Messages.SESSION_EXPIRED);
      expect(await countCarts()).toBe(before);
    });

    it('answers a burst with 429, Retry-After and the SPEC text', async () => {
      const v = new Shopper(app);
      // The first add counts against the address; from then on the cart is the visitor.
      expect((await v.add({ itemId: 'poster', sku: 'POSTER' })).statusCode).toBe(200);
      for (let i = 0; i < CART_RATE_LIMIT.max; i++) {
        const res = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
        expect(res.statusCode, res.body).toBe(200);
      }
      const limited = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
      expectError(limited, 429, 'RATE_LIMITED', Messages.TOO_MANY_REQUESTS);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await v.get(CART)).json().totalQuantity).toBe(CART_RATE_LIMIT.max + 1);
      // Another visitor is not affected.
      const other = new Shopper(app);
      expect((await other.add({ itemId: 'poster', sku: 'POSTER' })).statusCode).toBe(200);
    });
  });

  describe('idempotency', () => {
    it('applies a retried add once and replays the stored answer', async () => {
      const v = new Shopper(app);
      await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
      const key = { 'idempotency-key': 'key-retry-1' };
      const first = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 2 }, key);
      const retry = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 2 }, key);
      expect(first.statusCode).toBe(200);
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect((await v.get(CART)).json().totalQuantity).toBe(3);
      const reused = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 5 }, key);
      expectError(reused, 409, 'IDEMPOTENCY_KEY_REUSED', Messages.IDEMPOTENCY_KEY_REUSED);
      const stranger = new Shopper(app);
      const theirs = await stranger.add({ itemId: 'poster', sku: 'POSTER', quantity: 2 }, key);
      expectError(theirs, 409, 'IDEMPOTENCY_KEY_REUSED', Messages.IDEMPOTENCY_KEY_REUSED);
    });

    it('replays to the same browser when the first add created the cart and its cookie was lost', async () => {
      const v = new Shopper(app);
      const key = { 'idempotency-key': 'key-new-cart' };
      const before = await countCarts();
      const first = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 }, key);
      expect(first.statusCode).toBe(200);
      const cookie = v.cookies.get(CART_COOKIE);
      v.cookies.delete(CART_COOKIE);
      const retry = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 }, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(v.cookies.get(CART_COOKIE)).toBe(cookie);
      expect(await countCarts()).toBe(before + 1);
      expect((await v.get(CART)).json().totalQuantity).toBe(1);
    });

    it('applies concurrent duplicates once', async () => {
      const v = new Shopper(app);
      await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
      const key = { 'idempotency-key': 'key-concurrent' };
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 }, key),
        ),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect((await v.get(CART)).json().totalQuantity).toBe(2);
    });
  });

  describe('cart page edits', () => {
    it('changes a quantity within the stock and removes lines', async () => {
      const v = new Shopper(app);
      const added = (await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 })).json();
      const id = added.newlyAdded.id as string;
      const up = await v.put(`${ENTRIES}/${id}/quantity`, { quantity: 4 });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().shoppingCart.entries[0].quantity).toBe(4);
      expect(up.json().shoppingCart.subtotalCents).toBe(4 * 1250);
      const over = expectError(
        await v.put(`${ENTRIES}/${id}/quantity`, { quantity: 6 }),
        409,
        'OUT_OF_STOCK',
        Messages.OUT_OF_STOCK,
      );
      expect(over).toMatchObject({ available: 1, maxQuantity: 5 });
      expectError(
        await v.put(`${ENTRIES}/${id}/quantity`, { quantity: 'x' }),
        400,
        'QUANTITY_NOT_A_NUMBER',
        Messages.QUANTITY_NOT_A_NUMBER,
      );
      expectError(
        await v.put(`${ENTRIES}/${id}/quantity`, { quantity: 2.5 }),
        400,
        'QUANTITY_NOT_WHOLE',
        Messages.QUANTITY_NOT_WHOLE,
      );
      expectError(
        await v.put(`${ENTRIES}/${id}/quantity`, { quantity: 0 }),
        400,
        'QUANTITY_OUT_OF_RANGE',
        Messages.QUANTITY_OUT_OF_RANGE,
      );
      const down = await v.put(`${ENTRIES}/${id}/quantity`, { quantity: 2 });
      expect(down.json().shoppingCart.totalQuantity).toBe(2);
      expectError(
        await v.put(`${ENTRIES}/nope/quantity`, { quantity: 1 }),
        404,
        'CART_ENTRY_NOT_FOUND',
        Messages.UNABLE_UPDATE_QUANTITY,
      );

      const gone = await v.delete(`${ENTRIES}/${id}`);
      expect(gone.statusCode).toBe(200);
      expect(gone.json().shoppingCart).toMatchObject({ entries: [], totalQuantity: 0 });
      expectError(
        await v.delete(`${ENTRIES}/${id}`),
        404,
        'CART_ENTRY_NOT_FOUND',
        Messages.UNABLE_REMOVE_ITEM,
      );

      const stranger = new Shopper(app);
      expectError(
        await stranger.put(`${ENTRIES}/${id}/quantity`, { quantity: 1 }),
        404,
        'CART_ENTRY_NOT_FOUND',
        Messages.UNABLE_UPDATE_QUANTITY,
      );
    });

    it('keeps the services rule when raising a quantity', async () => {
      const b = new Shopper(app, HOST_B);
      const id = (await b.add({ itemId: 'other-lesson', sku: 'OTHER-LESSON' })).json().newlyAdded
        .id;
      expectError(
        await b.put(`${ENTRIES}/${id}/quantity`, { quantity: 2 }),
        400,
        'QUANTITY_OUT_OF_RANGE',
        Messages.SERVICE_SINGLE_QUANTITY,
      );
    });

    it('updates form answers, merging into a line that already has them', async () => {
      const v = new Shopper(app);
      const a = (
        await v.add({ itemId: 'pen', sku: 'PEN', additionalFields: '{"engraving":"A"}' })
      ).json();
      const b = (
        await v.add({
          itemId: 'pen',
          sku: 'PEN',
          quantity: 2,
          additionalFields: '{"engraving":"B"}',
        })
      ).json();
      const url = (id: string) => `${ENTRIES}/${id}/additionalFields`;
      const changed = await v.put(url(a.newlyAdded.id), {
        itemId: 'pen',
        sku: 'PEN',
        additionalFields: '{"engraving":"C"}',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().updatedEntry).toMatchObject({
        id: a.newlyAdded.id,
        additionalFields: { engraving: 'C' },
        quantity: 1,
      });
      const merged = await v.put(url(a.newlyAdded.id), {
        itemId: 'pen',
        sku: 'PEN',
        additionalFields: '{"engraving":"B"}',
      });
      expect(merged.json().updatedEntry).toMatchObject({ id: b.newlyAdded.id, quantity: 3 });
      expect(merged.json().shoppingCart.entries).toHaveLength(1);
      expectError(
        await v.put(url(b.newlyAdded.id), { itemId: 'mug', sku: 'MUG-S', additionalFields: '{}' }),
        400,
        'VARIANT_UNAVAILABLE',
        Messages.UNABLE_UPDATE_FORM,
      );
      expectError(
        await v.put(url('nope'), { itemId: 'pen', sku: 'PEN', additionalFields: '{}' }),
        404,
        'CART_ENTRY_NOT_FOUND',
        Messages.UNABLE_UPDATE_FORM,
      );
    });
    it('names the form of a line for editing its answers, and only in its own cart', async () => {
      const v = new Shopper(app);
      const pen = (
        await v.add({ itemId: 'pen', sku: 'PEN', additionalFields: '{"engraving":"A"}' })
      ).json().newlyAdded;
      const poster = (await v.add({ itemId: 'poster', sku: 'POSTER' })).json().newlyAdded;
      const url = (id: string) => `${ENTRIES}/${id}/additionalFields`;
      const res = await v.get(url(pen.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        entryId: pen.id,
        itemId: 'pen',
        sku: 'PEN',
        formId: 'form-product-custom',
        additionalFields: { engraving: 'A' },
      });
      // A product without a form has nothing to edit.
      expectError(
        await v.get(url(poster.id)),
        404,
        'FORM_NOT_CONFIGURED',
        Messages.UNABLE_OPEN_FORM,
      );
      expectError(await v.get(url('nope')), 404, 'CART_ENTRY_NOT_FOUND', Messages.UNABLE_OPEN_FORM);
      // Another visitor (another cart, or none) cannot read this cart's line.
      const other = new Shopper(app);
      expectError(
        await other.get(url(pen.id)),
        404,
        'CART_ENTRY_NOT_FOUND',
        Messages.UNABLE_OPEN_FORM,
      );
      await other.add({ itemId: 'poster', sku: 'POSTER' });
      expectError(
        await other.get(url(pen.id)),
        404,
        'CART_ENTRY_NOT_FOUND',
        Messages.UNABLE_OPEN_FORM,
      );
    });
  });

  describe('isolation', () => {
    it('does not open one website’s cart on another', async () => {
      const v = new Shopper(app);
      const added = (await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 })).json();
      const cookie = v.cookies.get(CART_COOKIE)!;
      const b = new Shopper(app, HOST_B);
      b.cookies.set(CART_COOKIE, cookie);
      const cart = (await b.get(CART)).json();
      expect(cart).toMatchObject({ id: '', websiteId: SITE_B, entries: [] });
      // Even a cookie for the same cart id signed as if for site B is not site B's cart.
      b.cookies.set(CART_COOKIE, cartCookieValue(TEST_SECRET, SITE_B, added.shoppingCart.id));
      expect((await b.get(CART)).json().id).toBe('');
      expectError(
        await b.delete(`${ENTRIES}/${added.newlyAdded.id}`),
        404,
        'CART_ENTRY_NOT_FOUND',
        Messages.UNABLE_REMOVE_ITEM,
      );
      const other = await b.add({ itemId: 'other-mug', sku: 'OTHER', quantity: 1 });
      expect(other.json().shoppingCart.id).not.toBe(added.shoppingCart.id);
      expect((await v.get(CART)).json().totalQuantity).toBe(1);
    });

    it('ignores forged cart cookies and starts a new cart after a purchase', async () => {
      const v = new Shopper(app);
      v.cookies.set(CART_COOKIE, 'made-up.signature');
      expect((await v.get(CART)).json().id).toBe('');
      const first = (await v.add({ itemId: 'poster', sku: 'POSTER' })).json().shoppingCart.id;
      await h.db
        .updateTable('carts')
        .set({ is_purchased: true, order_id: 'order-1' })
        .where('id', '=', first)
        .execute();
      expect((await v.get(CART)).json().id).toBe('');
      const next = (await v.add({ itemId: 'poster', sku: 'POSTER' })).json().shoppingCart;
      expect(next.id).not.toBe(first);
      expect(next.totalQuantity).toBe(1);
    });
  });

  describe('stock', () => {
    it('lists every variant’s stock (SPEC 7) with digital goods unlimited', async () => {
      const v = new Shopper(app);
      for (const url of [
        '/api/commerce/inventory/stock/?itemId=mug',
        '/api/commerce/inventory/stock?itemId=mug',
      ]) {
        const res = await v.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.json().results).toEqual([
          { sku: 'MUG-S', variantId: 'v-mug-s', unlimited: false, qtyInStock: 5 },
          { sku: 'MUG-M', variantId: 'v-mug-m', unlimited: false, qtyInStock: 1 },
          { sku: 'MUG-L', variantId: 'v-mug-l', unlimited: false, qtyInStock: 0 },
        ]);
      }
      const gift = (await v.get('/api/commerce/inventory/stock/?itemId=gift')).json();
      expect(gift.results.every((r: { unlimited: boolean }) => r.unlimited)).toBe(true);
      const ebook = (await v.get('/api/commerce/inventory/stock/?itemId=ebook')).json();
      expect(ebook.results).toHaveLength(1);
      expect(ebook.results[0].unlimited).toBe(true);
      expect((await v.get('/api/commerce/inventory/stock/?itemId=nope')).statusCode).toBe(404);
      expect((await v.get('/api/commerce/inventory/stock/?itemId=other-mug')).statusCode).toBe(404);
      expect((await v.get('/api/commerce/inventory/stock/')).statusCode).toBe(400);
    });
  });
});
