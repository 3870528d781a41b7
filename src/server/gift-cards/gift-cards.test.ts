import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OrderJson } from '../../shared/checkout/api.js';
import type {
  GiftCardIssueResponse,
  GiftCardJson,
  GiftCardListResponse,
} from '../../shared/checkout/gift-cards.js';
import { Role } from '../../shared/enums.js';
import { ProductType } from '../../shared/enums.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { HOST_B, SITE_A, SITE_B, seedShop } from '../cart/test-fixtures.js';
import { createMailer } from '../mail/mailer.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { giftCardCodeHash } from './codes.js';
import { giftCardResolver, GIFT_CARD_REASONS } from './resolver.js';
import { dayIn, dayStartIn } from './send-date.js';

const CARDS = '/api/commerce/gift-cards';

describeEachBackend('gift cards: owner API and resolver', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let owner: Visitor;
  let viewer: Visitor;

  async function signIn(email: string) {
    const v = new Visitor(app);
    const r = await v.post('/api/auth/login', { email, password: 'pw-123456' });
    expect(r.statusCode, r.body).toBe(200);
    return v;
  }
  async function issue(body: object): Promise<GiftCardIssueResponse> {
    const r = await owner.post(CARDS, body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as GiftCardIssueResponse;
  }
  const count = async (table: 'gift_cards' | 'gift_card_transactions' | 'outbox') =>
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
    const o = await createOwner(h.db, {
      email: 'o@gc.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, SITE_A, o, Role.ADMIN);
    const v = await createOwner(h.db, {
      email: 'v@gc.test',
      password: 'pw-123456',
      displayName: 'V',
    });
    await grantRole(h.db, SITE_A, v, Role.VIEWER);
    ({ app } = await buildTestApp(h));
    owner = await signIn('o@gc.test');
    viewer = await signIn('v@gc.test');
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  describe('issuing by hand', () => {
    it('answers the full code once, stores only its hash, and mails the recipient', async () => {
      const issued = await issue({
        amount: 5000,
        recipientEmail: 'ada@example.com',
        recipientName: 'Ada',
        message: 'Happy <birthday> & more',
      });
      expect(issued.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
      expect(issued.balance).toBe(5000);
      expect(issued.giftCard).toMatchObject({
        maskedCode: `•••• •••• •••• ${issued.code.slice(-4)}`,
        initialBalance: 5000,
        status: 'active',
        source: 'manual',
        recipientEmail: 'ada@example.com',
        transactions: [{ kind: 'issued', amount: 5000, balanceAfter: 5000 }],
      });
      const row = await h.db
        .selectFrom('gift_cards')
        .selectAll()
        .where('id', '=', issued.id)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).toBe(giftCardCodeHash(issued.code));
      expect(JSON.stringify(row)).not.toContain(issued.code);
      const mail = await h.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'gift-card')
        .where('to_address', '=', 'ada@example.com')
        .executeTakeFirstOrThrow();
      const grouped = issued.code.match(/.{4}/g)!.join(' ');
      expect(mail.text_body).toContain(grouped);
      expect(mail.html_body).toContain(grouped);
      expect(mail.html_body).toContain('Happy &lt;birthday&gt; &amp; more');
      expect(mail.html_body).not.toContain('<birthday>');
    });

    it('lists masked cards and shows one with its history; never the code again', async () => {
      const issued = await issue({ amount: 1200 });
      const list = await owner.get(CARDS);
      expect(list.statusCode).toBe(200);
      const cards = (list.json() as GiftCardListResponse).giftCards;
      expect(cards.some((c) => c.id === issued.id)).toBe(true);
      expect(list.body).not.toContain(issued.code);
      const one = await owner.get(`${CARDS}/${issued.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain(issued.code);
      expect((one.json() as { giftCard: GiftCardJson }).giftCard.balance).toBe(1200);
    });

    it('refuses bad input field by field, writing nothing', async () => {
      const before = await count('gift_cards');
      const r = await owner.post(CARDS, { amount: 0, currency: 'eu', recipientEmail: 'nope' });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('GIFT_CARD_FIELDS_INVALID');
      expect(Object.keys(r.json().error.fieldErrors).sort()).toEqual([
        'amount',
        'currency',
        'recipientEmail',
      ]);
      expect(await count('gift_cards')).toBe(before);
    });

    it('is for the store’s managers only, and one website never sees another’s cards', async () => {
      expect((await viewer.post(CARDS, { amount: 100 })).statusCode).toBe(403);
      expect((await new Visitor(app).get(CARDS)).statusCode).toBe(401);
      const issued = await issue({ amount: 100 });
      const other = new Visitor(app, HOST_B);
      expect((await other.get(`${CARDS}/${issued.id}`)).statusCode).toBe(401);
      const r = await owner.get(`${CARDS}/nope`);
      expect(r.statusCode).toBe(404);
    });

    it('disables and enables, each once in the history', async () => {
      const issued = await issue({ amount: 700 });
      const off = await owner.post(`${CARDS}/${issued.id}/disable`);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().giftCard.status).toBe('disabled');
      await owner.post(`${CARDS}/${issued.id}/disable`);
      const on = await owner.post(`${CARDS}/${issued.id}/enable`);
      expect(on.json().giftCard.status).toBe('active');
      expect((on.json().giftCard as GiftCardJson).transactions.map((t) => t.kind)).toEqual([
        'issued',
        'disabled',
        'enabled',
      ]);
    });
  });

  describe('resolving codes at checkout', () => {
    it('finds a card however the code is typed, and says why others cannot pay', async () => {
      const resolver = giftCardResolver({
        db: h.db,
        now: Date.now,
        mailer: createMailer({ db: h.db }),
      });
      const good = await issue({ amount: 3000 });
      const off = await issue({ amount: 3000 });
      await owner.post(`${CARDS}/${off.id}/disable`);
      const euro = await issue({ amount: 3000, currency: 'EUR' });
      const empty = await issue({ amount: 3000 });
      await h.db.updateTable('gift_cards').set({ balance: 0 }).where('id', '=', empty.id).execute();
      const typed = good.code.toLowerCase().match(/.{4}/g)!.join('-');
      const { cards, invalid } = await resolver.resolve(SITE_A, 'USD', [
        typed,
        good.code,
        'ABCD EFGH JKLM NPQR',
        off.code,
        euro.code,
        empty.code,
      ]);
      expect(cards).toEqual([{ giftCardId: good.id, last4: good.code.slice(-4), balance: 3000 }]);
      expect(invalid).toEqual([
        { code: '•••• •••• •••• NPQR', reason: GIFT_CARD_REASONS.unknown },
        { code: `•••• •••• •••• ${off.code.slice(-4)}`, reason: GIFT_CARD_REASONS.disabled },
        {
          code: `•••• •••• •••• ${euro.code.slice(-4)}`,
          reason: GIFT_CARD_REASONS.currency('EUR'),
        },
        { code: `•••• •••• •••• ${empty.code.slice(-4)}`, reason: GIFT_CARD_REASONS.empty },
      ]);
      // Another website's code is unknown here.
      expect((await resolver.resolve(SITE_B, 'USD', [good.code])).cards).toEqual([]);
    });
  });

  describe('issuing for an order', () => {
    it('makes one card per unit, the recipient mail due on the send date, a masked copy now', () => {
      const now = Date.UTC(2026, 10, 25, 18); // 26 Nov 03:00 in Tokyo
      const mailer = createMailer({ db: h.db, now: () => now });
      const resolver = giftCardResolver({ db: h.db, now: () => now, mailer });
      const order = {
        id: 'order-1',
        email: 'buyer@example.com',
        currency: 'USD',
        lines: [
          { productType: ProductType.GIFT_CARD, unitPrice: 2500, quantity: 2, title: 'Gift card' },
          { productType: ProductType.PHYSICAL, unitPrice: 900, quantity: 1, title: 'Mug' },
        ],
      } as unknown as OrderJson;
      const out = resolver.issue({
        site: { id: SITE_A, title: 'Shop', language: 'en-US', timeZone: 'Asia/Tokyo' },
        order,
        origin: 'https://shop.test',
        purchase: {
          giftCardProductId: 'gift',
          sku: 'GIFT-25',
          email: 'buyer@example.com',
          senderName: 'Bob',
          recipientName: 'Ada',
          recipientEmail: 'ada@example.com',
          message: 'Enjoy',
          sendOn: '2026-12-01',
        },
      });
      expect(dayIn(now, 'Asia/Tokyo')).toBe('2026-11-26');
      const due = Date.UTC(2026, 10, 30, 15); // 1 Dec 00:00 in Tokyo
      expect(dayStartIn('2026-12-01', 'Asia/Tokyo')).toBe(due);
      expect(out.giftCards).toHaveLength(2);
      expect(out.giftCards.map((c) => c.initial_balance)).toEqual([2500, 2500]);
      expect(out.giftCards[0]).toMatchObject({
        order_id: 'order-1',
        source: 'order',
        recipient_email: 'ada@example.com',
        sender_name: 'Bob',
        send_on: new Date(due),
      });
      expect(out.giftCards[0]!.code_hash).not.toBe(out.giftCards[1]!.code_hash);
      expect(out.transactions.map((t) => [t.kind, t.amount, t.balance_after])).toEqual([
        ['issued', 2500, 2500],
        ['issued', 2500, 2500],
      ]);
      const toAda = out.mails.filter((m) => m.to_address === 'ada@example.com');
      const copies = out.mails.filter((m) => m.to_address === 'buyer@example.com');
      expect(toAda.map((m) => m.next_attempt_at)).toEqual([due, due]);
      expect(toAda[0]!.text_body).toMatch(/[A-HJ-NP-Z2-9]{4}( [A-HJ-NP-Z2-9]{4}){3}/);
      expect(toAda[0]!.subject).toBe('Bob sent you a Shop gift card');
      expect(copies).toHaveLength(2);
      expect(copies[0]!.next_attempt_at).toBe(now);
      expect(copies[0]!.text_body).toContain('•••• •••• ••••');
      expect(copies[0]!.text_body).not.toMatch(
        /[A-HJ-NP-Z2-9]{4} [A-HJ-NP-Z2-9]{4} [A-HJ-NP-Z2-9]{4}/,
      );
      expect(copies[0]!.text_body).toContain('2026-12-01');
    });

    it('sends a cart-bought card to the buyer at once', () => {
      const resolver = giftCardResolver({
        db: h.db,
        now: Date.now,
        mailer: createMailer({ db: h.db }),
      });
      const out = resolver.issue({
        site: { id: SITE_A, title: 'ショップ', language: 'ja-JP' },
        order: {
          id: 'o2',
          email: 'me@example.com',
          currency: 'JPY',
          lines: [{ productType: ProductType.GIFT_CARD, unitPrice: 3000, quantity: 1, title: 'G' }],
        } as unknown as OrderJson,
        origin: 'https://shop.test',
        purchase: undefined,
      });
      expect(out.giftCards[0]).toMatchObject({ recipient_email: 'me@example.com', send_on: null });
      expect(out.mails).toHaveLength(1);
      expect(out.mails[0]!.subject).toBe('ショップのギフトカードが届きました');
    });
  });
});
