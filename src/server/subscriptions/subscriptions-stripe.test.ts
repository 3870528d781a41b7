import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import type { StripeIntentResponse } from '../../shared/checkout/api.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { STRIPE_WEBHOOK_PATH } from '../orders/routes.js';
import { NY, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import { startFakeStripe, type FakeStripe } from '../payments/testing/fake-stripe.js';
import { subscriptionDepsFor } from './order-deps.js';
import { renewDue } from './renew.js';

const DAY = 86_400_000;
const WEBHOOK_SECRET = 'whsec_test_secret';
const CART = '/api/3/commerce/cart/subscription';
const SUBSCRIBE = '/api/commerce/subscriptions';
const INTENT = '/api/commerce/subscriptions/stripe-intent';

describeEachBackend('subscriptions paid with Stripe (fake Stripe server, fake clock)', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let fake: FakeStripe;
  let clock = Date.UTC(2027, 0, 31, 12);
  const now = () => clock;
  const stripe = new Stripe('sk_test_x');

  async function subRow(id: string) {
    return h.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }
  async function ordersOf(id: string) {
    return h.db
      .selectFrom('orders')
      .select(['id', 'payment_reference', 'payment_status', 'grand_total'])
      .where('subscription_id', '=', id)
      .orderBy('created')
      .execute();
  }
  async function mails(kind: string, to: string) {
    return h.db
      .selectFrom('outbox')
      .select(['kind', 'text_body'])
      .where('kind', '=', kind)
      .where('to_address', '=', to)
      .execute();
  }
  async function cartToken(s: Shopper) {
    const res = await s.post(CART, { itemId: 'coffee', sku: 'COFFEE', qty: 1 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.cartToken as string;
  }
  const body = (token: string, email: string, payment: object) => ({
    cartToken: token,
    email,
    shippingAddress: NY,
    shippingOptionId: 'std',
    payment,
  });
  /** What Stripe.js does when the shopper confirms the card form. */
  async function confirmInBrowser(intent: StripeIntentResponse, paymentMethod = 'pm_card_visa') {
    const res = await fetch(`${fake.url}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        payment_method: paymentMethod,
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

  beforeAll(async () => {
    fake = await startFakeStripe();
    h = await openTestDatabase(kind);
    await seedShop(h);
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: 100 })
      .where('id', '=', 'v-coffee')
      .execute();
    await saveCheckoutSettings(
      h.db,
      SITE_A,
      { ...SHOP_SETTINGS, payments: { ...SHOP_SETTINGS.payments, stripe: { enabled: true } } },
      new Date(),
    );
    ({ app, deps } = await buildTestApp(h, {
      now,
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

  it('card form: the first charge keeps the card with a Customer; renewals charge it off-session', async () => {
    clock = Date.UTC(2027, 0, 31, 12);
    const s = new Shopper(app);
    const token = await cartToken(s);
    const quote = await s.post(`${SUBSCRIBE}/quote`, { cartToken: token });
    expect(quote.json().paymentProviders.map((p: { id: string }) => p.id)).toContain('stripe');

    const made = await s.post(INTENT, {
      cartToken: token,
      shippingAddress: NY,
      shippingOptionId: 'std',
    });
    expect(made.statusCode, made.body).toBe(200);
    const intent = made.json() as StripeIntentResponse;
    const pi = fake.intents.get(intent.paymentIntentId)!;
    expect(pi).toMatchObject({ setup_future_usage: 'off_session', capture_method: 'manual' });
    expect(pi.customer).toMatch(/^cus_fake_/);
    expect(fake.customers.get(pi.customer!)!.metadata).toMatchObject({ siteId: SITE_A });
    // The page asking again (a reload) gets the same intent and customer.
    const again = await s.post(INTENT, {
      cartToken: token,
      shippingAddress: NY,
      shippingOptionId: 'std',
    });
    expect(again.json().paymentIntentId).toBe(intent.paymentIntentId);
    expect(fake.customers.size).toBe(1);

    const email = 'stripe-sub@example.com';
    const payment = { provider: 'stripe', token: intent.paymentIntentId };
    // Before the card is confirmed: everything checked, nothing subscribed.
    const first = await s.post(SUBSCRIBE, body(token, email, payment));
    expect(first.statusCode, first.body).toBe(402);
    expect(first.json().error.code).toBe('PAYMENT_ACTION_REQUIRED');
    await confirmInBrowser(intent);
    const res = await s.post(SUBSCRIBE, body(token, email, payment));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().subscription.id as string;
    const row = await subRow(id);
    expect(row.payment_provider).toBe('stripe');
    expect(row.payment_customer).toBe(pi.customer);
    expect(row.payment_token).toMatch(/^pm_fake_/);
    expect(fake.savedCards.get(row.payment_token)).toMatchObject({ customer: pi.customer });
    expect(fake.intents.get(intent.paymentIntentId)!.status).toBe('succeeded');

    // A month on, the renewal job charges the kept card without the shopper.
    clock = Date.UTC(2027, 1, 28, 9);
    expect(await renewDue(subscriptionDepsFor(deps))).toEqual(['charged']);
    const orders = await ordersOf(id);
    expect(orders).toHaveLength(2);
    const renewal = fake.intents.get(orders[1]!.payment_reference)!;
    expect(renewal).toMatchObject({
      off_session: true,
      customer: pi.customer,
      payment_method: row.payment_token,
      status: 'succeeded',
      amount_received: orders[1]!.grand_total,
    });
    expect(orders[1]!.payment_status).toBe('paid');
    expect(await subRow(id)).toMatchObject({ cycles_charged: 2, next_charge_on: '2027-03-31' });
    // A second pass the same day charges nothing more.
    expect(await renewDue(subscriptionDepsFor(deps))).toEqual([]);

    // The card starts refusing: retried after 1, 3 and 7 days with a mail each time, then
    // paused; each try is a new PaymentIntent (not Stripe replaying the first refusal).
    fake.declineCard(row.payment_token);
    clock = Date.UTC(2027, 2, 31, 9);
    const sd = subscriptionDepsFor(deps);
    expect(await renewDue(sd)).toEqual(['failed']);
    expect(await subRow(id)).toMatchObject({ status: 'past_due', failed_attempts: 1 });
    for (const days of [1, 3]) {
      clock += days * DAY;
      expect(await renewDue(sd)).toEqual(['failed']);
    }
    clock += 7 * DAY;
    expect(await renewDue(sd)).toEqual(['paused']);
    expect(await subRow(id)).toMatchObject({ status: 'paused', failed_attempts: 4 });
    expect(await mails('subscription-payment-failed', email)).toHaveLength(3);
    expect(await mails('subscription-paused', email)).toHaveLength(1);
    expect(await ordersOf(id)).toHaveLength(2);

    // The card works again and the shopper resumes: the next pass charges it.
    fake.declineCard(row.payment_token, false);
    const link = res.json().subscription.manageUrl as string;
    const resumed = await s.post(link, { action: 'resume' }, { accept: 'application/json' });
    expect(resumed.json().subscription.status).toBe('active');
    expect(await renewDue(sd)).toEqual(['charged']);
    expect(await ordersOf(id)).toHaveLength(3);
  });

  it('a card token (API): the server makes the Customer and keeps the card', async () => {
    clock = Date.UTC(2027, 5, 10, 12);
    const s = new Shopper(app);
    const token = await cartToken(s);
    const res = await s.post(
      SUBSCRIBE,
      body(token, 'api-sub@example.com', { provider: 'stripe', token: 'pm_card_visa' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await subRow(res.json().subscription.id);
    expect(row.payment_customer).toMatch(/^cus_fake_/);
    expect(fake.savedCards.get(row.payment_token)).toMatchObject({
      customer: row.payment_customer,
      card: 'pm_card_visa',
    });
    // A declined first card subscribes nothing and leaves no private cart behind.
    const s2 = new Shopper(app);
    const token2 = await cartToken(s2);
    const declined = await s2.post(
      SUBSCRIBE,
      body(token2, 'api-sub@example.com', { provider: 'stripe', token: 'pm_card_chargeDeclined' }),
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('PAYMENT_DECLINED');
  });

  it('a kept card that needs 3-D Secure off-session is a refusal, retried on schedule', async () => {
    clock = Date.UTC(2027, 7, 1, 12);
    const s = new Shopper(app);
    const token = await cartToken(s);
    const made = await s.post(INTENT, {
      cartToken: token,
      shippingAddress: NY,
      shippingOptionId: 'std',
    });
    const intent = made.json() as StripeIntentResponse;
    await confirmInBrowser(intent, 'pm_card_threeDSecure');
    const res = await s.post(
      SUBSCRIBE,
      body(token, 'sca@example.com', { provider: 'stripe', token: intent.paymentIntentId }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().subscription.id as string;
    clock = Date.UTC(2027, 8, 1, 9);
    await renewDue(subscriptionDepsFor(deps));
    const mail = await mails('subscription-payment-failed', 'sca@example.com');
    expect(mail).toHaveLength(1);
    expect(await subRow(id)).toMatchObject({ status: 'past_due', failed_attempts: 1 });
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('the webhook finishes a subscription whose page went away after the card was confirmed', async () => {
    clock = Date.UTC(2027, 9, 1, 12);
    const s = new Shopper(app);
    const token = await cartToken(s);
    const made = await s.post(INTENT, {
      cartToken: token,
      shippingAddress: NY,
      shippingOptionId: 'std',
    });
    const intent = made.json() as StripeIntentResponse;
    const payment = { provider: 'stripe', token: intent.paymentIntentId };
    const first = await s.post(SUBSCRIBE, body(token, 'webhook-sub@example.com', payment));
    expect(first.json().error.code).toBe('PAYMENT_ACTION_REQUIRED');
    await confirmInBrowser(intent);
    // The page is gone; Stripe tells the server (twice: it retries webhooks).
    for (let i = 0; i < 2; i++) {
      const hook = await postWebhook(
        'payment_intent.amount_capturable_updated',
        intent.paymentIntentId,
      );
      expect(hook.statusCode, hook.body).toBe(200);
    }
    const subs = await h.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('email', '=', 'webhook-sub@example.com')
      .execute();
    expect(subs).toHaveLength(1);
    expect(subs[0]!.payment_token).toMatch(/^pm_fake_/);
    expect(await ordersOf(subs[0]!.id)).toHaveLength(1);
    expect(await mails('subscription-confirmed', 'webhook-sub@example.com')).toHaveLength(1);
    // The page coming back later finds the same subscription.
    const late = await s.post(SUBSCRIBE, body(token, 'webhook-sub@example.com', payment));
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().subscription.id).toBe(subs[0]!.id);
  });
});
