import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { OrderJson } from '../../shared/checkout/api.js';
import type { GiftCardIssueResponse, GiftCardJson } from '../../shared/checkout/gift-cards.js';
import { Role } from '../../shared/enums.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { placeBody, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import { dayIn, dayStartIn } from './send-date.js';

const CARDS = '/api/commerce/gift-cards';
const BUY = '/api/commerce/gift-card-orders';
const ORDERS = '/api/commerce/orders';
const DAY = 86_400_000;
/** The site fixtures' zone (site-fixtures.ts). */
const ZONE = 'America/New_York';

const purchase = (over: Record<string, unknown> = {}) => ({
  giftCardProductId: 'gift',
  sku: 'GIFT-50',
  email: 'buyer@example.com',
  senderName: 'Bob',
  recipientName: 'Ada',
  recipientEmail: 'ada@example.com',
  message: 'Happy birthday!',
  payment: { provider: 'test', token: 'tok_visa' },
  ...over,
});

describeEachBackend('gift cards through orders', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let owner: Visitor;

  async function issue(amount: number): Promise<GiftCardIssueResponse> {
    const r = await owner.post(CARDS, { amount });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as GiftCardIssueResponse;
  }
  async function card(id: string): Promise<GiftCardJson> {
    const r = await owner.get(`${CARDS}/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { giftCard: GiftCardJson }).giftCard;
  }
  async function shopperWithPosters(quantity: number) {
    const s = new Shopper(app);
    const r = await s.add({ itemId: 'poster', quantity });
    expect(r.statusCode, r.body).toBe(200);
    return s;
  }
  /** The test provider's ledger row of an order's payment. */
  async function ledgerOf(orderId: string) {
    const o = await h.db
      .selectFrom('orders')
      .select('payment_reference')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return h.db
      .selectFrom('test_payments')
      .select(['amount', 'refunded'])
      .where('reference', '=', o.payment_reference)
      .executeTakeFirstOrThrow();
  }
  const count = async (table: 'orders' | 'gift_cards' | 'carts') =>
    Number(
      (
        await h.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    const o = await createOwner(h.db, {
      email: 'o@gco.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, SITE_A, o, Role.ADMIN);
    ({ app } = await buildTestApp(h));
    owner = new Visitor(app);
    const login = await owner.post('/api/auth/login', {
      email: 'o@gco.test',
      password: 'pw-123456',
    });
    expect(login.statusCode, login.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  describe('buying a gift card (/checkout/giftcard)', () => {
    it('places an order that issues the card, its transaction and the mails', async () => {
      const sendOn = dayIn(Date.now() + 3 * DAY, ZONE);
      const s = new Shopper(app);
      const res = await s.post(BUY, purchase({ sendOn }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as OrderJson;
      expect(order).toMatchObject({
        email: 'buyer@example.com',
        grandTotal: 5000,
        paymentStatus: 'paid',
        paymentProvider: 'test',
        lines: [{ sku: 'GIFT-50', quantity: 1, unitPrice: 5000 }],
      });
      expect(order.confirmationUrl).toMatch(/^\/checkout\/order-confirmed\//);
      const row = await h.db
        .selectFrom('gift_cards')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        balance: 5000,
        initial_balance: 5000,
        source: 'order',
        recipient_email: 'ada@example.com',
        sender_name: 'Bob',
        message: 'Happy birthday!',
      });
      const due = dayStartIn(sendOn, ZONE);
      expect(new Date(row.send_on!).getTime()).toBe(due);
      const detail = await card(row.id);
      expect(detail.transactions).toEqual([
        expect.objectContaining({
          kind: 'issued',
          amount: 5000,
          orderNumber: order.orderNumber,
          note: `Bought with order #${order.orderNumber}: Gift Card.`,
        }),
      ]);
      const mails = await h.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', 'in', ['gift-card', 'gift-card-copy'])
        .where('to_address', 'in', ['ada@example.com', 'buyer@example.com'])
        .orderBy('id')
        .execute();
      const toAda = mails.find((m) => m.kind === 'gift-card' && m.to_address === 'ada@example.com');
      const copy = mails.find((m) => m.kind === 'gift-card-copy');
      // Due at the start of the send date in the website's zone: the outbox waits till then.
      expect(Number(toAda?.next_attempt_at)).toBe(due);
      expect(toAda?.subject).toBe('Bob sent you a Shop <A> gift card');
      expect(toAda?.text_body).toContain('$50.00');
      expect(copy?.to_address).toBe('buyer@example.com');
      expect(copy?.text_body).toContain(`•••• •••• •••• ${row.last4}`);
      expect(Number(copy?.next_attempt_at)).toBeLessThan(due);
    });

    it('refuses bad details field by field, writing no cart and no order', async () => {
      const before = [await count('orders'), await count('carts'), await count('gift_cards')];
      const s = new Shopper(app);
      const res = await s.post(
        BUY,
        purchase({
          sku: 'NOPE',
          recipientEmail: 'not-an-email',
          sendOn: dayIn(Date.now() - 2 * DAY, ZONE),
        }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('GIFT_CARD_FIELDS_INVALID');
      expect(Object.keys(res.json().error.fieldErrors).sort()).toEqual([
        'recipientEmail',
        'sendOn',
        'sku',
      ]);
      const manual = await s.post(BUY, purchase({ payment: { provider: 'manual' } }));
      expect(manual.statusCode).toBe(400);
      expect(manual.json().error.fieldErrors).toHaveProperty('payment.provider');
      expect(await s.post(BUY, purchase({ giftCardProductId: 'mug' }))).toMatchObject({
        statusCode: 404,
      });
      expect([await count('orders'), await count('carts'), await count('gift_cards')]).toEqual(
        before,
      );
    });

    it('a declined card places nothing; a retry with the same key answers the first order', async () => {
      const s = new Shopper(app);
      const orders = await count('orders');
      const carts = await count('carts');
      const declined = await s.post(
        BUY,
        purchase({ payment: { provider: 'test', token: 'tok_chargeDeclined' } }),
      );
      expect(declined.statusCode, declined.body).toBe(402);
      expect(declined.json().error.code).toBe('PAYMENT_DECLINED');
      expect([await count('orders'), await count('carts')]).toEqual([orders, carts]);
      const key = { 'idempotency-key': 'gc-retry-1' };
      const first = await s.post(BUY, purchase(), key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await s.post(BUY, purchase(), key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().order.id).toBe(first.json().order.id);
      expect(await count('orders')).toBe(orders + 1);
    });
  });

  describe('paying with a gift card', () => {
    it('pays part of an order; the rest goes to the card provider', async () => {
      const gift = await issue(1000);
      const s = await shopperWithPosters(2);
      const res = await s.post(
        ORDERS,
        placeBody({ giftCardCodes: [gift.code.toLowerCase().match(/.{4}/g)!.join(' ')] }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as OrderJson;
      expect(order.giftCardTotal).toBe(1000);
      expect(order.giftCardLines).toEqual([
        { giftCardId: gift.id, last4: gift.code.slice(-4), amount: 1000, remaining: 0 },
      ]);
      expect(order.paymentProvider).toBe('test');
      const charged = await ledgerOf(order.id);
      expect(charged.amount).toBe(order.grandTotal);
      const after = await card(gift.id);
      expect(after.balance).toBe(0);
      expect(after.transactions.map((t) => [t.kind, t.amount, t.balanceAfter])).toEqual([
        ['issued', 1000, 1000],
        ['redeemed', -1000, 0],
      ]);
    });

    it('a fully covered order needs no card: no payment, provider none', async () => {
      const gift = await issue(100_000);
      const s = await shopperWithPosters(1);
      const { payment: _payment, ...body } = placeBody({ giftCardCodes: [gift.code] });
      const res = await s.post(ORDERS, body);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as OrderJson;
      expect(order.grandTotal).toBe(0);
      expect(order).toMatchObject({ paymentProvider: 'none', paymentStatus: 'paid' });
      expect((await card(gift.id)).balance).toBe(100_000 - order.giftCardTotal);
    });

    it('two orders racing for one card’s whole balance: one wins, the other gets 409', async () => {
      const gift = await issue(1500);
      const a = await shopperWithPosters(2);
      const b = await shopperWithPosters(3);
      const place = (s: Visitor) => s.post(ORDERS, placeBody({ giftCardCodes: [gift.code] }));
      const results =
        kind === 'postgres'
          ? await raceOnTwoServers(gift.id, a, b, place)
          : await Promise.all([a, b].map(place));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, results.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const lost = results.find((r) => r.statusCode === 409)!;
      expect(lost.json().error.code).toBe('GIFT_CARD_BALANCE_CHANGED');
      const after = await card(gift.id);
      expect(after.balance).toBe(0);
      expect(after.transactions.filter((t) => t.kind === 'redeemed')).toHaveLength(1);
      // The loser's cart is untouched: it can pay another way.
      const loser = results[0]!.statusCode === 409 ? a : b;
      expect((await loser.post(ORDERS, placeBody())).statusCode).toBe(201);
    });
  });

  /**
   * PostgreSQL: each shopper on a server of its own (its own order recorder, as two processes),
   * both placements held at the card's row lock until both have quoted the full balance and
   * wait in `place_orders`; then the lock goes and they race for it.
   */
  async function raceOnTwoServers(
    cardId: string,
    a: Shopper,
    b: Shopper,
    place: (s: Visitor) => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse[]> {
    const { app: other } = await buildTestApp(h);
    try {
      const b2 = new Shopper(other);
      for (const [k, v] of b.cookies) b2.cookies.set(k, v);
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = h.db.transaction().execute(async (trx) => {
        await sql`SELECT 1 FROM gift_cards WHERE id = ${cardId} FOR UPDATE`.execute(trx);
        locked();
        await released;
      });
      await isLocked;
      const racing = Promise.all([place(a), place(b2)]);
      const waiting = async () =>
        (
          await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'
               AND query LIKE '%place_orders%'`.execute(h.db)
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      release();
      await holder;
      return await racing;
    } finally {
      await other.close();
    }
  }

  describe('refunds and cancels', () => {
    it('refunds to the card first, then through the provider', async () => {
      const gift = await issue(1000);
      const s = await shopperWithPosters(2);
      const placed = await s.post(ORDERS, placeBody({ giftCardCodes: [gift.code] }));
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().order as OrderJson;
      const refund = (amount?: number) =>
        owner.post(`${ORDERS}/${order.id}/refund`, amount ? { amount } : {});
      const part = await refund(400);
      expect(part.statusCode, part.body).toBe(200);
      expect(part.json().order).toMatchObject({
        refundedTotal: 400,
        paymentStatus: 'partially_refunded',
      });
      expect((await card(gift.id)).balance).toBe(400);
      const rest = await refund();
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json().order).toMatchObject({
        refundedTotal: order.grandTotal + 1000,
        paymentStatus: 'refunded',
      });
      const after = await card(gift.id);
      expect(after.balance).toBe(1000);
      expect(after.transactions.map((t) => [t.kind, t.amount, t.balanceAfter])).toEqual([
        ['issued', 1000, 1000],
        ['redeemed', -1000, 0],
        ['refunded', 400, 400],
        ['refunded', 600, 1000],
      ]);
      const providerRefunds = await ledgerOf(order.id);
      expect(providerRefunds.refunded).toBe(order.grandTotal);
      expect((await refund(1)).json().error.code).toBe('REFUND_TOO_LARGE');
    });

    it('spreads refunds over several cards in the order they paid', async () => {
      const first = await issue(300);
      const second = await issue(400);
      const s = await shopperWithPosters(2);
      const placed = await s.post(ORDERS, placeBody({ giftCardCodes: [first.code, second.code] }));
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().order as OrderJson;
      expect(order.giftCardLines.map((l) => l.amount)).toEqual([300, 400]);
      const r = await owner.post(`${ORDERS}/${order.id}/refund`, { amount: 500 });
      expect(r.statusCode, r.body).toBe(200);
      expect([(await card(first.id)).balance, (await card(second.id)).balance]).toEqual([300, 200]);
      const again = await owner.post(`${ORDERS}/${order.id}/refund`, { amount: 250 });
      expect(again.statusCode, again.body).toBe(200);
      // 200 more fill the second card; the last 50 go through the provider.
      expect([(await card(first.id)).balance, (await card(second.id)).balance]).toEqual([300, 400]);
      expect((await ledgerOf(order.id)).refunded).toBe(50);
    });

    it('cancelling an unpaid order gives the cards their amounts back', async () => {
      const gift = await issue(700);
      const s = await shopperWithPosters(2);
      const placed = await s.post(
        ORDERS,
        placeBody({ giftCardCodes: [gift.code], payment: { provider: 'manual' } }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().order as OrderJson;
      expect(order.paymentStatus).toBe('pending');
      expect((await card(gift.id)).balance).toBe(0);
      const cancelled = await owner.post(`${ORDERS}/${order.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().order.paymentStatus).toBe('voided');
      const after = await card(gift.id);
      expect(after.balance).toBe(700);
      expect(after.transactions.at(-1)).toMatchObject({ kind: 'refunded', amount: 700 });
    });

    it('a gift card paid by bank transfer is issued (and mailed) when the order is marked paid', async () => {
      const cardsOf = (orderId: string) =>
        h.db
          .selectFrom('gift_cards')
          .select(['id', 'balance', 'recipient_email'])
          .where('order_id', '=', orderId)
          .execute();
      const codeMails = (to: string) =>
        h.db
          .selectFrom('outbox')
          .select(['kind', 'text_body'])
          .where('to_address', '=', to)
          .where('subject', 'like', '%gift card%')
          .execute();
      const place = async (email: string) => {
        const s = await shopperWithPosters(1);
        expect((await s.add({ itemId: 'gift', sku: 'GIFT-25', quantity: 2 })).statusCode).toBe(200);
        const res = await s.post(ORDERS, placeBody({ email, payment: { provider: 'manual' } }));
        expect(res.statusCode, res.body).toBe(201);
        return res.json().order as OrderJson;
      };
      const order = await place('transfer@example.com');
      expect(order.paymentStatus).toBe('pending');
      // Before the money comes: no card, no code in anyone's mail.
      expect(await cardsOf(order.id)).toEqual([]);
      expect(await codeMails('transfer@example.com')).toEqual([]);

      const paid = await owner.post(`${ORDERS}/${order.id}/mark-paid`);
      expect(paid.statusCode, paid.body).toBe(200);
      const cards = await cardsOf(order.id);
      expect(cards.map((c) => c.balance)).toEqual([2500, 2500]);
      expect(cards.every((c) => c.recipient_email === 'transfer@example.com')).toBe(true);
      const mailed = await codeMails('transfer@example.com');
      expect(mailed).toHaveLength(2);
      expect(mailed[0]!.text_body).toContain('$25.00');
      // A repeat of 'Mark as paid' issues nothing more.
      expect((await owner.post(`${ORDERS}/${order.id}/mark-paid`)).statusCode).toBe(200);
      expect(await cardsOf(order.id)).toHaveLength(2);

      // Cancelled before it was paid: nothing is ever issued.
      const unpaid = await place('never-paid@example.com');
      const cancelled = await owner.post(`${ORDERS}/${unpaid.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await cardsOf(unpaid.id)).toEqual([]);
      expect(await codeMails('never-paid@example.com')).toEqual([]);
      expect((await owner.post(`${ORDERS}/${unpaid.id}/mark-paid`)).statusCode).toBe(409);
    });
  });
});
