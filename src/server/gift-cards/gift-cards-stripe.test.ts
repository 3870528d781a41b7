import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { OrderJson, StripeIntentResponse } from '../../shared/checkout/api.js';
import { GIFT_CARD_STRIPE_INTENT_PATH } from '../../shared/checkout/gift-cards.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { STRIPE_WEBHOOK_PATH } from '../orders/routes.js';
import { SHOP_SETTINGS } from '../orders/test-fixtures.js';
import { startFakeStripe, type FakeStripe } from '../payments/testing/fake-stripe.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const BUY = '/api/commerce/gift-card-orders';

const purchase = (token: string, over: Record<string, unknown> = {}) => ({
  giftCardProductId: 'gift',
  sku: 'GIFT-50',
  email: 'buyer@example.com',
  senderName: 'Bob',
  recipientName: 'Ada',
  recipientEmail: 'ada@example.com',
  message: 'Happy birthday!',
  payment: { provider: 'stripe', token },
  ...over,
});

describeEachBackend('the gift card checkout paid with Stripe (fake Stripe server)', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let fake: FakeStripe;
  const stripe = new Stripe('sk_test_x');

  async function intentFor(s: Shopper, key: string, sku = 'GIFT-50') {
    const res = await s.post(
      GIFT_CARD_STRIPE_INTENT_PATH,
      { giftCardProductId: 'gift', sku },
      { 'idempotency-key': key },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StripeIntentResponse;
  }
  async function confirmInBrowser(intent: StripeIntentResponse) {
    const res = await fetch(`${fake.url}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        payment_method: 'pm_card_visa',
        client_secret: intent.clientSecret,
        key: intent.publishableKey,
      }),
    });
    expect(res.status).toBe(200);
  }
  async function postWebhook(type: string, id: string) {
    const payload = JSON.stringify({
      id: `evt_${id}_${type}`,
      object: 'event',
      type,
      data: { object: fake.intents.get(id) },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        'stripe-signature': header,
      },
      payload,
    });
  }
  const cardsFor = (reference: string) =>
    h.db
      .selectFrom('gift_cards')
      .innerJoin('orders', 'orders.id', 'gift_cards.order_id')
      .select([
        'gift_cards.id',
        'gift_cards.balance',
        'gift_cards.recipient_email',
        'gift_cards.recipient_name',
        'gift_cards.message',
        'orders.id as order_id',
      ])
      .where('orders.payment_reference', '=', reference)
      .execute();

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
    ({ app } = await buildTestApp(h, {
      config: {
        stripeSecretKey: 'sk_test_x',
        stripePublishableKey: 'pk_test_x',
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiUrl: fake.url,
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
    await fake?.close();
  });

  it('the page offers the card; confirming it issues one card for the recipient', async () => {
    const s = new Shopper(app);
    const page = await s.get(
      `/checkout/giftcard?websiteId=${SITE_A}&giftCardProductId=gift&sku=GIFT-50`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/&quot;id&quot;:&quot;stripe&quot;|"id":"stripe"/);

    const key = { 'idempotency-key': 'gc-stripe-1' };
    const intent = await intentFor(s, 'gc-stripe-1');
    expect(intent).toMatchObject({ amount: 5000, currency: 'USD', publishableKey: 'pk_test_x' });
    expect(fake.intents.get(intent.paymentIntentId)!.metadata.siteId).toBe(SITE_A);
    // Asked again (a reload, the amount chosen again): the same intent.
    expect((await intentFor(s, 'gc-stripe-1')).paymentIntentId).toBe(intent.paymentIntentId);

    // Before the card is confirmed: checked, kept for the webhook, nothing issued.
    const first = await s.post(BUY, purchase(intent.paymentIntentId), key);
    expect(first.statusCode, first.body).toBe(402);
    expect(first.json().error.code).toBe('PAYMENT_ACTION_REQUIRED');
    expect(await cardsFor(intent.paymentIntentId)).toEqual([]);

    await confirmInBrowser(intent);
    const res = await s.post(BUY, purchase(intent.paymentIntentId), key);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as OrderJson;
    expect(order).toMatchObject({ paymentProvider: 'stripe', paymentStatus: 'paid' });
    expect(fake.intents.get(intent.paymentIntentId)!.status).toBe('succeeded');
    const cards = await cardsFor(intent.paymentIntentId);
    expect(cards).toEqual([
      expect.objectContaining({ balance: 5000, recipient_email: 'ada@example.com' }),
    ]);
    // Stripe's webhook arriving after the page finished changes nothing.
    const hook = await postWebhook('payment_intent.succeeded', intent.paymentIntentId);
    expect(hook.statusCode).toBe(200);
    expect(await cardsFor(intent.paymentIntentId)).toHaveLength(1);
  });

  it("the webhook finishes a purchase whose page went away, with the recipient's details", async () => {
    const s = new Shopper(app);
    const key = { 'idempotency-key': 'gc-stripe-2' };
    // The shopper first picks $25, then $50: each amount has its own intent and cart.
    const small = await intentFor(s, 'gc-stripe-2', 'GIFT-25');
    const intent = await intentFor(s, 'gc-stripe-2');
    expect(small.paymentIntentId).not.toBe(intent.paymentIntentId);
    const first = await s.post(
      BUY,
      purchase(intent.paymentIntentId, { recipientName: 'Grace', recipientEmail: 'g@example.com' }),
      key,
    );
    expect(first.json().error.code).toBe('PAYMENT_ACTION_REQUIRED');
    // The paid intent must be this checkout's: the $25 one cannot buy the $50 card.
    const wrong = await s.post(BUY, purchase(small.paymentIntentId), key);
    expect(wrong.statusCode).toBe(402);
    expect(wrong.json().error.code).toBe('PAYMENT_DECLINED');

    await confirmInBrowser(intent);
    // The page is gone. Stripe's events (repeated, as Stripe retries) finish it once.
    for (const type of [
      'payment_intent.amount_capturable_updated',
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
    ]) {
      const hook = await postWebhook(type, intent.paymentIntentId);
      expect(hook.statusCode, hook.body).toBe(200);
    }
    const cards = await cardsFor(intent.paymentIntentId);
    expect(cards).toEqual([
      expect.objectContaining({
        balance: 5000,
        recipient_email: 'g@example.com',
        recipient_name: 'Grace',
        message: 'Happy birthday!',
      }),
    ]);
    const toGrace = await h.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', 'g@example.com')
      .execute();
    expect(toGrace).toHaveLength(1);
    // The page coming back with the same key gets the same order, and no second card.
    const late = await s.post(
      BUY,
      purchase(intent.paymentIntentId, { recipientName: 'Grace', recipientEmail: 'g@example.com' }),
      key,
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().order.id).toBe(cards[0]!.order_id);
    expect(await cardsFor(intent.paymentIntentId)).toHaveLength(1);
  });

  it('refuses a card payment without the key its intent was made with', async () => {
    const s = new Shopper(app);
    const res = await s.post(GIFT_CARD_STRIPE_INTENT_PATH, {
      giftCardProductId: 'gift',
      sku: 'GIFT-50',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors).toHaveProperty('payment.token');
    const buy = await s.post(BUY, purchase('pi_nope'));
    expect(buy.statusCode).toBe(400);
    expect(buy.json().error.code).toBe('GIFT_CARD_FIELDS_INVALID');
  });
});
