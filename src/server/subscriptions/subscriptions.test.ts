import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, type Visitor } from '../testing/test-app.js';
import { CRUMB_COOKIE } from '../http/crumb.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { Role } from '../../shared/enums.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { NY, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import { subscriptionDepsFor } from './order-deps.js';
import { renewDue, renewOne } from './renew.js';

const DAY = 86_400_000;
const CART = '/api/3/commerce/cart/subscription';
const SUBSCRIBE = '/api/commerce/subscriptions';

describeEachBackend('subscriptions', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let owner: Visitor;
  // The fake clock every app of this suite reads (deps.now).
  let clock = Date.UTC(2027, 0, 31, 12);
  const now = () => clock;

  async function setStock(variantId: string, qty: number) {
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: qty })
      .where('id', '=', variantId)
      .execute();
  }
  async function stockOf(variantId: string) {
    const r = await h.db
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    return r.qty_in_stock;
  }
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
      .select(['id', 'grand_total', 'order_number'])
      .where('subscription_id', '=', id)
      .orderBy('created')
      .execute();
  }
  async function mails(kind: string, to = 'sub@example.com') {
    return h.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'text_body'])
      .where('kind', '=', kind)
      .where('to_address', '=', to)
      .execute();
  }
  async function count(table: 'orders' | 'subscriptions' | 'carts') {
    const r = await h.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async function cartToken(s: Shopper, over: Record<string, unknown> = {}) {
    const res = await s.post(CART, { itemId: 'coffee', sku: 'COFFEE', qty: 1, ...over });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.cartToken as string;
  }
  const body = (token: string, over: Record<string, unknown> = {}) => ({
    cartToken: token,
    email: 'sub@example.com',
    shippingAddress: NY,
    shippingOptionId: 'std',
    payment: { provider: 'test', token: 'tok_visa' },
    ...over,
  });
  async function subscribeOne(email = 'sub@example.com') {
    const s = new Shopper(app);
    const token = await cartToken(s);
    const res = await s.post(SUBSCRIBE, body(token, { email }));
    expect(res.statusCode, res.body).toBe(201);
    return { s, token, json: res.json() };
  }

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await setStock('v-coffee', 100);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    const o = await createOwner(h.db, {
      email: 'owner@shop.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, SITE_A, o, Role.ADMIN);
    ({ app, deps } = await buildTestApp(h, { now }));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  describe('checkout', () => {
    it('places the first order, saves the card and answers 201 with the next charge', async () => {
      const before = await stockOf('v-coffee');
      const { s, token, json } = await subscribeOne();
      const sub = json.subscription;
      expect(sub).toMatchObject({ status: 'active', nextChargeOn: '2027-02-28', cyclesCharged: 1 });
      expect(sub.pricePhrase).toBe('$20.00 every month');
      expect(sub.manageUrl).toMatch(/^\/subscriptions\/manage\//);
      expect(json.order.subscriptionId).toBe(sub.id);
      expect(await stockOf('v-coffee')).toBe(before - 1);
      const row = await subRow(sub.id);
      expect(row).toMatchObject({
        payment_provider: 'test',
        payment_token: 'tok_visa',
        anchor_on: '2027-01-31',
      });
      expect((await ordersOf(sub.id)).map((o) => o.id)).toEqual([json.order.id]);
      expect(await mails('subscription-confirmed')).toHaveLength(1);

      // The same checkout again (a double click): the same subscription and order, nothing new.
      const again = await s.post(SUBSCRIBE, body(token));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().subscription.id).toBe(sub.id);
      expect(again.json().order.id).toBe(json.order.id);
      expect(await ordersOf(sub.id)).toHaveLength(1);
      expect(await mails('subscription-confirmed')).toHaveLength(1);

      // The confirmed page (SPEC 2.1 pageType 206), JSON and HTML.
      const url = again.json().confirmedUrl as string;
      const page = await s.get(`${url}&format=json`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ pageType: 206, subscription: { id: sub.id } });
      const html = await s.get(url);
      expect(html.body).toContain('$20.00 every month');
      expect(html.headers['cache-control']).toBe('no-store');
      // A reload of the checkout after subscribing lands on it.
      const reload = await s.get(`/checkout/subscribe?cartToken=${token}`);
      expect(reload.statusCode).toBe(303);
    });

    it('refuses bad input with a clear 4xx and writes nothing', async () => {
      const s = new Shopper(app);
      const token = await cartToken(s);
      const [orders, subs, carts] = [
        await count('orders'),
        await count('subscriptions'),
        await count('carts'),
      ];
      const cases: [Record<string, unknown>, number, string][] = [
        [{ email: 'nope' }, 400, 'CHECKOUT_FIELDS_INVALID'],
        [{ payment: { provider: 'test', token: 'tok_chargeDeclined' } }, 402, 'PAYMENT_DECLINED'],
        [{ payment: { provider: 'manual' } }, 400, 'CHECKOUT_FIELDS_INVALID'],
        [{ cartToken: 'unknown-token' }, 404, 'NOT_FOUND'],
      ];
      for (const [over, status, code] of cases) {
        const res = await s.post(SUBSCRIBE, body(token, over));
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.code).toBe(code);
      }
      const bad = await s.post(SUBSCRIBE, { cartToken: token, payment: { provider: 'bitcoin' } });
      expect(bad.statusCode).toBe(400);
      expect([await count('orders'), await count('subscriptions'), await count('carts')]).toEqual([
        orders,
        subs,
        carts,
      ]);
    });

    it('quotes the subscription cart for the checkout page', async () => {
      const s = new Shopper(app);
      const token = await cartToken(s);
      // Opening the page writes nothing (its line is drawn from the subscription cart).
      const carts = await count('carts');
      const opened = await s.get(`/checkout/subscribe?cartToken=${token}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('$20.00 every month');
      expect(await count('carts')).toBe(carts);
      const res = await s.post(`${SUBSCRIBE}/quote`, {
        cartToken: token,
        shippingAddress: { country: 'US', region: 'NY', postalCode: '10001' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ requiresShipping: true, totals: { subtotal: 2000 } });
      expect(res.json().paymentProviders.map((p: { id: string }) => p.id)).toEqual(['test']);
      const page = await s.get(`/checkout/subscribe?cartToken=${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('$20.00 every month');
    });
  });

  describe('renewals (fake clock)', () => {
    it('charges each period once, across a restart and with two processes at once', async () => {
      const { json } = await subscribeOne('renew@example.com');
      const id = json.subscription.id as string;
      // Not due yet: nothing happens.
      await renewDue(subscriptionDepsFor(deps));
      expect(await ordersOf(id)).toHaveLength(1);

      // A month later, a second app on the same database (a restart) runs the job.
      clock = Date.UTC(2027, 1, 28, 9);
      const second = await buildTestApp(h, { now });
      try {
        await second.deps.jobs.drain();
        // The first app's own job runner may hold the job's lease at this moment (drain then
        // leaves it to that runner): either process charges it, once.
        await expect
          .poll(() => subRow(id), { timeout: 30_000 })
          .toMatchObject({ cycles_charged: 2, next_charge_on: '2027-03-31', status: 'active' });
        expect(await ordersOf(id)).toHaveLength(2);
        // The renewal receipt is the order's mail, with the signed manage link as every
        // subscription mail has.
        const receipts = await mails('order-confirmation', 'renew@example.com');
        expect(receipts).toHaveLength(2);
        expect(receipts[1]!.text_body).toContain(json.subscription.manageUrl);

        // The next period: two processes run passes at the same moment; one charge.
        clock = Date.UTC(2027, 2, 31, 9);
        await Promise.all([
          renewDue(subscriptionDepsFor(deps)),
          renewDue(subscriptionDepsFor(second.deps)),
        ]);
        expect(await ordersOf(id)).toHaveLength(3);
        expect((await subRow(id)).cycles_charged).toBe(3);

        // Even when both skip the claim (a lapsed lease), the cycle's cart makes one order.
        clock = Date.UTC(2027, 3, 30, 9);
        const row3 = await subRow(id);
        await Promise.all([
          renewOne(subscriptionDepsFor(deps), row3),
          renewOne(subscriptionDepsFor(second.deps), row3),
        ]);
        expect(await ordersOf(id)).toHaveLength(4);
        expect(await subRow(id)).toMatchObject({ cycles_charged: 4, next_charge_on: '2027-05-31' });
        const renewals = await h.db
          .selectFrom('subscription_renewals')
          .select(['cycle', 'status'])
          .where('subscription_id', '=', id)
          .orderBy('cycle')
          .execute();
        expect(renewals.map((r) => [r.cycle, r.status])).toEqual([
          [1, 'paid'],
          [2, 'paid'],
          [3, 'paid'],
          [4, 'paid'],
        ]);
      } finally {
        await second.app.close();
      }
    });

    it('retries a declined card after 1, 3 and 7 days with a mail each time, then pauses', async () => {
      clock = Date.UTC(2027, 5, 1, 12);
      const { json } = await subscribeOne('decline@example.com');
      const id = json.subscription.id as string;
      await h.db
        .updateTable('subscriptions')
        .set({ payment_token: 'tok_chargeDeclined' })
        .where('id', '=', id)
        .execute();
      const sd = subscriptionDepsFor(deps);
      clock = Date.UTC(2027, 6, 1, 9);
      await renewDue(sd);
      let row = await subRow(id);
      expect(row).toMatchObject({ status: 'past_due', failed_attempts: 1 });
      expect(new Date(row.next_retry_at!).getTime()).toBe(clock + DAY);
      // Not yet due again.
      await renewDue(sd);
      expect((await subRow(id)).failed_attempts).toBe(1);
      for (const [days, failures] of [
        [1, 2],
        [3, 3],
      ] as const) {
        clock += days * DAY;
        await renewDue(sd);
        row = await subRow(id);
        expect(row).toMatchObject({ status: 'past_due', failed_attempts: failures });
      }
      clock += 7 * DAY;
      await renewDue(sd);
      expect(await subRow(id)).toMatchObject({ status: 'paused', failed_attempts: 4 });
      expect(await mails('subscription-payment-failed', 'decline@example.com')).toHaveLength(3);
      expect(await mails('subscription-paused', 'decline@example.com')).toHaveLength(1);
      expect(await ordersOf(id)).toHaveLength(1);

      // A working card and Resume: charged at the next pass, and the failures start again.
      await h.db
        .updateTable('subscriptions')
        .set({ payment_token: 'tok_visa' })
        .where('id', '=', id)
        .execute();
      const manage = new Shopper(app);
      const link = json.subscription.manageUrl as string;
      const resumed = await manage.post(link, { action: 'resume' }, { accept: 'application/json' });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json().subscription).toMatchObject({ status: 'active' });
      await renewDue(sd);
      expect(await subRow(id)).toMatchObject({
        status: 'active',
        failed_attempts: 0,
        cycles_charged: 2,
      });
      expect(await ordersOf(id)).toHaveLength(2);
    });

    it('completes after numBillingCycles', async () => {
      clock = Date.UTC(2027, 8, 10, 12);
      const s = new Shopper(app);
      const token = await cartToken(s, { subscriptionOptionId: 'opt-3m' });
      const res = await s.post(SUBSCRIBE, body(token, { email: 'twelve@example.com' }));
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().subscription.id as string;
      expect(res.json().subscription.pricePhrase).toBe('$18.00 every month for 1 year');
      // Pretend eleven periods went by: the twelfth charge completes it.
      await h.db
        .updateTable('subscriptions')
        .set({ cycles_charged: 11, periods: 11, next_charge_on: '2028-08-10' })
        .where('id', '=', id)
        .execute();
      clock = Date.UTC(2028, 7, 10, 9);
      await renewDue(subscriptionDepsFor(deps));
      // The app's job runner may have claimed it first (this pass then skips it).
      await expect
        .poll(() => subRow(id), { timeout: 30_000 })
        .toMatchObject({ status: 'completed', cycles_charged: 12, next_charge_on: null });
    });
  });

  describe('managing', () => {
    it('skips, pauses, resumes and cancels from the signed link; refuses what does not apply', async () => {
      clock = Date.UTC(2027, 9, 15, 12);
      const { json } = await subscribeOne('manage@example.com');
      const link = json.subscription.manageUrl as string;
      const v = new Shopper(app);
      const page = await v.get(link);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Skip next charge');
      expect(page.body).toContain(`#${json.order.orderNumber}`);
      const act = (action: string) => v.post(link, { action }, { accept: 'application/json' });

      const skipped = await act('skip');
      expect(skipped.json().subscription.nextChargeOn).toBe('2027-12-15');
      expect((await act('pause')).json().subscription.status).toBe('paused');
      const invalid = await act('pause');
      expect(invalid.statusCode).toBe(409);
      expect(invalid.json().error.code).toBe('SUBSCRIPTION_ACTION_INVALID');
      expect((await act('resume')).json().subscription).toMatchObject({
        status: 'active',
        nextChargeOn: '2027-12-15',
      });
      // A form post (the page's buttons) comes back to the page.
      const form = await v.request({
        method: 'POST',
        url: link,
        payload: `action=cancel&crumb=${encodeURIComponent(v.cookies.get(CRUMB_COOKIE) ?? '')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode, form.body).toBe(303);
      const row = await subRow(json.subscription.id);
      expect(row).toMatchObject({ status: 'cancelled', next_charge_on: null });
      expect(await mails('subscription-cancelled', 'manage@example.com')).toHaveLength(1);
      // Pausing and resuming from the link told the shopper too (skip did not mail).
      const paused = await mails('subscription-paused-on-request', 'manage@example.com');
      expect(paused).toHaveLength(1);
      expect(paused[0]!.subject).toMatch(/subscription is paused: /);
      expect(paused[0]!.text_body).toContain('Nothing will be charged until it is resumed.');
      expect(paused[0]!.text_body).toContain(link);
      const resumed = await mails('subscription-resumed', 'manage@example.com');
      expect(resumed).toHaveLength(1);
      expect(resumed[0]!.text_body).toContain('Next charge: 2027-12-15');

      // A forged or another website's token opens nothing.
      const forged = link.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
      expect((await v.get(forged)).statusCode).toBe(404);
      const bad = await v.post(forged, { action: 'resume' }, { accept: 'application/json' });
      expect(bad.statusCode).toBe(404);
      expect(bad.json().error.code).toBe('SUBSCRIPTION_LINK_INVALID');
    });
  });

  describe('owner', () => {
    it('lists subscriptions by status with revenue per month; pauses and cancels', async () => {
      // Signed in at the suite's clock (sessions expire by deps.now).
      owner = new Shopper(app);
      const login = await owner.post('/api/auth/login', {
        email: 'owner@shop.test',
        password: 'pw-123456',
      });
      expect(login.statusCode, login.body).toBe(200);
      const all = await owner.get(SUBSCRIBE);
      expect(all.statusCode, all.body).toBe(200);
      const list = all.json();
      expect(list.subscriptions.length).toBeGreaterThan(3);
      expect(list.revenueByMonth.length).toBeGreaterThan(0);
      expect(list.revenueByMonth[0]).toMatchObject({
        month: expect.stringMatching(/^\d{4}-\d{2}$/),
      });
      const cancelled = await owner.get(`${SUBSCRIBE}?status=cancelled`);
      expect(
        cancelled.json().subscriptions.every((x: { status: string }) => x.status === 'cancelled'),
      ).toBe(true);
      expect((await owner.get(`${SUBSCRIBE}?status=nope`)).statusCode).toBe(400);

      const active = list.subscriptions.find((x: { status: string }) => x.status === 'active');
      const detail = await owner.get(`${SUBSCRIBE}/${active.id}`);
      expect(detail.json().orders.length).toBeGreaterThan(0);
      const pausedBefore = (await mails('subscription-paused-on-request', active.email)).length;
      const paused = await owner.post(`${SUBSCRIBE}/${active.id}/pause`, {});
      expect(paused.json().subscription.status).toBe('paused');
      // The owner's pause mails the shopper as the link's does.
      expect(await mails('subscription-paused-on-request', active.email)).toHaveLength(
        pausedBefore + 1,
      );
      const gone = await owner.post(`${SUBSCRIBE}/${active.id}/cancel`, {});
      expect(gone.json().subscription.status).toBe('cancelled');
      expect((await owner.post(`${SUBSCRIBE}/${active.id}/cancel`, {})).statusCode).toBe(409);
      expect((await owner.post(`${SUBSCRIBE}/nope/cancel`, {})).statusCode).toBe(404);

      const anonymous = new Shopper(app);
      expect((await anonymous.get(SUBSCRIBE)).statusCode).toBe(401);
    });
  });
});
