import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Role } from '../../shared/enums.js';
import type { OrderJson } from '../../shared/checkout/api.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { startFakeStripe, type FakeStripe } from '../payments/testing/fake-stripe.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { STRIPE_WEBHOOK_PATH } from './routes.js';
import { placeBody, SHOP_SETTINGS } from './test-fixtures.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const ORDERS = '/api/commerce/orders';

describeEachBackend('stripe payments (fake Stripe server, signed webhooks)', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let fake: FakeStripe;
  let owner: Visitor;
  const stripe = new Stripe('sk_test_x');

  function signed(event: object) {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return { payload, header };
  }
  function intentEvent(type: string, id: string) {
    return signed({
      id: `evt_${id}_${type}`,
      object: 'event',
      type,
      data: { object: fake.intents.get(id) },
    });
  }
  async function postWebhook(body: { payload: string; header: string }) {
    return app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        'stripe-signature': body.header,
      },
      payload: body.payload,
    });
  }
  async function shopper() {
    const s = new Shopper(app);
    expect((await s.add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 })).statusCode).toBe(200);
    return s;
  }

  beforeAll(async () => {
    fake = await startFakeStripe();
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(
      h.db,
      SITE_A,
      { ...SHOP_SETTINGS, payments: { ...SHOP_SETTINGS.payments, stripe: { enabled: true } } },
      new Date(),
    );
    const o = await createOwner(h.db, {
      email: 'owner@shop.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, SITE_A, o, Role.ADMIN);
    ({ app } = await buildTestApp(h, {
      config: {
        stripeSecretKey: 'sk_test_x',
        stripePublishableKey: 'pk_test_x',
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiUrl: fake.url,
      },
    }));
    owner = new Visitor(app);
    await owner.post('/api/auth/login', { email: 'owner@shop.test', password: 'pw-123456' });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
    await fake?.close();
  });

  it('authorizes, records, then captures; a retry is the same PaymentIntent; refunds go to Stripe', async () => {
    const s = await shopper();
    const body = placeBody({ payment: { provider: 'stripe', token: 'pm_card_visa' } });
    const created = fake.created();
    const res = await s.post(ORDERS, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as OrderJson;
    expect(order).toMatchObject({ paymentProvider: 'stripe', paymentStatus: 'paid' });
    expect(fake.created()).toBe(created + 1);
    const row = await h.db
      .selectFrom('orders')
      .select('payment_reference')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const intent = fake.intents.get(row.payment_reference)!;
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount_received: order.grandTotal,
      capture_method: 'manual',
    });
    expect(intent.metadata).toEqual({ siteId: SITE_A, cartId: expect.any(String) });

    const again = await s.post(ORDERS, body);
    expect(again.json().order.id).toBe(order.id);
    expect(fake.created()).toBe(created + 1);

    const refund = await owner.post(`${ORDERS}/${order.id}/refund`, { amount: 300 });
    expect(refund.json().order).toMatchObject({
      refundedTotal: 300,
      paymentStatus: 'partially_refunded',
    });
    expect(fake.refunds.at(-1)).toEqual({ payment_intent: intent.id, amount: 300 });
  });

  it("a card decline answers 402 with Stripe's message and leaves nothing behind", async () => {
    const s = await shopper();
    const orders = (await h.db.selectFrom('orders').select('id').execute()).length;
    const res = await s.post(
      ORDERS,
      placeBody({ payment: { provider: 'stripe', token: 'pm_card_chargeDeclined' } }),
    );
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined.',
    });
    expect((await h.db.selectFrom('orders').select('id').execute()).length).toBe(orders);
  });

  it('3-D Secure: the webhook and the browser both finish the payment → one order, one charge', async () => {
    const s = await shopper();
    const body = placeBody({ payment: { provider: 'stripe', token: 'pm_card_threeDSecure' } });
    const first = await s.post(ORDERS, body, { 'idempotency-key': 'three-d-1' });
    expect(first.statusCode, first.body).toBe(402);
    expect(first.json().error).toMatchObject({
      code: 'PAYMENT_ACTION_REQUIRED',
      clientSecret: expect.stringMatching(/_secret_/),
    });
    const piId = first.json().error.paymentReference as string;
    const created = fake.created();
    const captures = fake.captures();

    fake.confirmIntent(piId);
    const [hook, browser] = await Promise.all([
      postWebhook(intentEvent('payment_intent.amount_capturable_updated', piId)),
      s.post(ORDERS, body, { 'idempotency-key': 'three-d-1' }),
    ]);
    expect(hook.statusCode, hook.body).toBe(200);
    expect([200, 201]).toContain(browser.statusCode);
    const orders = await h.db
      .selectFrom('orders')
      .selectAll()
      .where('payment_reference', '=', piId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(browser.json().order.id).toBe(orders[0]!.id);
    expect(fake.created()).toBe(created);
    expect(fake.captures()).toBe(captures + 1);
    expect(fake.intents.get(piId)!.status).toBe('succeeded');

    // Stripe retries its webhooks: a repeat changes nothing.
    const repeat = await postWebhook(intentEvent('payment_intent.succeeded', piId));
    expect(repeat.statusCode).toBe(200);
    expect(fake.captures()).toBe(captures + 1);
  });

  /** What Stripe.js does when the shopper confirms the card in the Payment Element. */
  async function confirmInBrowser(clientSecret: string, paymentMethod: string) {
    const id = clientSecret.split('_secret_')[0]!;
    const res = await fetch(`${fake.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        payment_method: paymentMethod,
        client_secret: clientSecret,
        key: 'pk_test_x',
      }),
    });
    return res.status;
  }
  const INTENT = '/api/commerce/checkout/stripe-intent';
  const quoteOf = (body: ReturnType<typeof placeBody>) => ({
    shippingAddress: body.shippingAddress,
    shippingOptionId: body.shippingOptionId,
  });

  it('Payment Element: intent for the quoted total, confirmed in the browser, verified with Stripe', async () => {
    const s = await shopper();
    const body = placeBody();
    const res = await s.post(INTENT, quoteOf(body));
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json();
    expect(intent).toMatchObject({
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/_secret_/),
      publishableKey: 'pk_test_x',
      jsUrl: 'https://js.stripe.com/v3',
      currency: 'USD',
    });
    expect(fake.intents.get(intent.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      amount: intent.amount,
      capture_method: 'manual',
    });
    // Asked again for the same cart and total: the same intent.
    expect((await s.post(INTENT, quoteOf(body))).json().paymentIntentId).toBe(
      intent.paymentIntentId,
    );

    const place = placeBody({ payment: { provider: 'stripe', token: intent.paymentIntentId } });
    const key = { 'idempotency-key': 'element-1' };
    // Before the card is confirmed: everything checked, the request kept for the webhook.
    const first = await s.post(ORDERS, place, key);
    expect(first.statusCode, first.body).toBe(402);
    expect(first.json().error.code).toBe('PAYMENT_ACTION_REQUIRED');
    const attempt = await h.db
      .selectFrom('checkout_attempts')
      .select('idempotency_key')
      .where('payment_reference', '=', intent.paymentIntentId)
      .executeTakeFirst();
    expect(attempt?.idempotency_key).toBe('element-1');

    // A refused card leaves the intent waiting for another.
    expect(await confirmInBrowser(intent.clientSecret, 'pm_card_chargeDeclined')).toBe(402);
    expect((await s.post(ORDERS, place, key)).statusCode).toBe(402);
    expect(await confirmInBrowser(intent.clientSecret, 'pm_card_visa')).toBe(200);
    const captures = fake.captures();
    const placed = await s.post(ORDERS, place, key);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({
      paymentProvider: 'stripe',
      paymentStatus: 'paid',
      grandTotal: intent.amount,
    });
    expect(fake.captures()).toBe(captures + 1);
    expect(fake.intents.get(intent.paymentIntentId)!.status).toBe('succeeded');
  });

  it("Payment Element: another checkout's intent or a changed total is refused", async () => {
    const a = await shopper();
    const b = await shopper();
    const intentA = (await a.post(INTENT, quoteOf(placeBody()))).json();
    expect(await confirmInBrowser(intentA.clientSecret, 'pm_card_visa')).toBe(200);
    // B pays with A's confirmed intent: not B's, nothing placed, A's hold untouched.
    const stolen = await b.post(
      ORDERS,
      placeBody({ payment: { provider: 'stripe', token: intentA.paymentIntentId } }),
    );
    expect(stolen.statusCode, stolen.body).toBe(402);
    expect(stolen.json().error.message).toMatch(/does not belong to this checkout/);
    expect(fake.intents.get(intentA.paymentIntentId)!.status).toBe('requires_capture');
    // A picks the pickup option after confirming: another total, so the hold is released.
    const changed = await a.post(
      ORDERS,
      placeBody({
        shippingOptionId: 'pickup',
        payment: { provider: 'stripe', token: intentA.paymentIntentId },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(402);
    expect(changed.json().error.message).toMatch(/total changed/);
    expect(fake.intents.get(intentA.paymentIntentId)!.status).toBe('canceled');
    // Asked again for the first total, A gets a fresh intent, not the released one.
    const again = (await a.post(INTENT, quoteOf(placeBody()))).json();
    expect(again.paymentIntentId).not.toBe(intentA.paymentIntentId);
    expect(fake.intents.get(again.paymentIntentId)!.status).toBe('requires_payment_method');
  });

  it('Payment Element: the webhook places the order when the page went away after confirming', async () => {
    const s = await shopper();
    const intent = (await s.post(INTENT, quoteOf(placeBody()))).json();
    const place = placeBody({ payment: { provider: 'stripe', token: intent.paymentIntentId } });
    expect((await s.post(ORDERS, place, { 'idempotency-key': 'element-2' })).statusCode).toBe(402);
    expect(await confirmInBrowser(intent.clientSecret, 'pm_card_visa')).toBe(200);
    const hook = await postWebhook(
      intentEvent('payment_intent.amount_capturable_updated', intent.paymentIntentId),
    );
    expect(hook.statusCode).toBe(200);
    const orders = await h.db
      .selectFrom('orders')
      .select(['payment_status', 'idempotency_key'])
      .where('payment_reference', '=', intent.paymentIntentId)
      .execute();
    expect(orders).toEqual([{ payment_status: 'paid', idempotency_key: 'element-2' }]);
  });

  it('refuses a webhook whose signature does not match the raw body', async () => {
    const good = signed({
      id: 'evt_x',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const tampered = await postWebhook({
      payload: good.payload.replace('evt_x', 'evt_y'),
      header: good.header,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await postWebhook({ payload: good.payload, header: '' });
    expect(unsigned.statusCode).toBe(400);
  });
});
