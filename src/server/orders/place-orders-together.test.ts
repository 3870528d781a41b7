import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { Db, DatabaseHandle } from '../db/database.js';
import { SITE_A, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import { orderDepsFor } from './order-deps.js';
import { placeOrders, type Placement, type PlacementOutcome } from './record-order.js';
import { placeBody, SHOP_SETTINGS } from './test-fixtures.js';

/**
 * `place_orders_together` (the set-wise fast path) must record a batch exactly as `place_order`
 * one by one does. Real placements are captured from the checkout (the recorder answers 'empty',
 * so nothing is written), then recorded both ways in transactions that are rolled back, and
 * everything either way wrote is compared, with the outcomes.
 */
describeEachBackend('place_orders_together: the same as one by one', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let captured: Placement[] = [];

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    const built = await buildTestApp(h);
    app = built.app;
    const od = orderDepsFor(built.deps) as { recorder: { record: unknown } };
    od.recorder = {
      record: (p: Placement): Promise<PlacementOutcome> => {
        captured.push(p);
        return Promise.resolve({ status: 'empty' });
      },
    };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  /** Placements of `n` shoppers, each with `quantity` of the red small tee, none recorded. */
  async function placements(n: number, quantity: number): Promise<Placement[]> {
    await setStock(1000);
    captured = [];
    for (let i = 0; i < n; i++) {
      const s = new Shopper(app);
      expect((await s.add({ itemId: 'tee', sku: 'TEE-S-RED', quantity })).statusCode).toBe(200);
      const placed = await s.post(
        '/api/commerce/orders',
        placeBody({ email: `b${i}@example.com` }),
      );
      expect(placed.statusCode).toBeGreaterThanOrEqual(400);
    }
    return [...captured].sort((a, b) => (a.cartId < b.cartId ? -1 : 1));
  }

  async function setStock(qty: number): Promise<void> {
    await h.db
      .updateTable('variants')
      .set({ qty_in_stock: qty })
      .where('id', '=', 'v-tee-s-red')
      .execute();
  }

  /** Everything placing writes, without serial ids. */
  async function written(db: Db) {
    const rows = async (q: string) => (await sql.raw<Record<string, unknown>>(q).execute(db)).rows;
    return {
      orders: await rows(`SELECT * FROM orders ORDER BY site_id, order_number`),
      lines: await rows(`SELECT * FROM order_lines ORDER BY order_id, position`),
      events: await rows(
        `SELECT order_id, kind, message, data FROM order_events ORDER BY order_id, seq`,
      ),
      mails: await rows(
        `SELECT site_id, kind, to_address, subject, text_body, html_body FROM outbox
          ORDER BY to_address, kind, subject`,
      ),
      purchases: await rows(
        `SELECT content FROM analytics_events WHERE name = 'purchase'
          ORDER BY content->>'orderNumber'`,
      ),
      carts: await rows(
        `SELECT id, is_purchased, order_id FROM carts WHERE is_purchased ORDER BY id`,
      ),
      ledger: await rows(
        `SELECT reference, idempotency_key, amount, status FROM test_payments ORDER BY reference`,
      ),
      stock: await rows(`SELECT id, qty_in_stock FROM variants ORDER BY id`),
      versions: await rows(`SELECT id, content_version FROM sites ORDER BY id`),
    };
  }

  type Way = 'together' | 'one by one';

  /** Records the batch one way in a transaction, reads what it wrote, and rolls it back. */
  async function recordedBy(way: Way, batch: Placement[]) {
    let seen: { outcomes: PlacementOutcome[]; rows: Awaited<ReturnType<typeof written>> } | null =
      null;
    await h.db
      .transaction()
      .execute(async (trx) => {
        if (way === 'one by one') {
          // place_orders without its fast path: a batch the fast path refuses to take.
          await sql`CREATE OR REPLACE FUNCTION place_orders_together(p jsonb) RETURNS jsonb
                    LANGUAGE sql AS $$ SELECT NULL::jsonb $$`.execute(trx);
        }
        const outcomes = await placeOrders(trx, batch);
        seen = { outcomes, rows: await written(trx) };
        throw new Error('rollback');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || err.message !== 'rollback') throw err;
      });
    return seen!;
  }

  async function expectSame(batch: Placement[]) {
    const together = await recordedBy('together', batch);
    const oneByOne = await recordedBy('one by one', batch);
    expect(together.outcomes).toEqual(oneByOne.outcomes);
    expect(together.rows).toEqual(oneByOne.rows);
    return together;
  }

  it('a batch that sells the variant out: numbers in order, one soldOut, the same rows', async () => {
    const batch = await placements(5, 2);
    expect(batch).toHaveLength(5);
    await setStock(10);
    const { outcomes, rows } = await expectSame(batch);
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('placed'));
    expect(outcomes.map((o) => (o.status === 'placed' ? o.soldOut : null))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(rows.orders.map((o) => o.order_number)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.mails.length).toBeGreaterThanOrEqual(5);
    for (const m of rows.mails) expect(String(m.subject)).not.toMatch(/\d{15}/);
    expect(rows.stock.find((v) => v.id === 'v-tee-s-red')?.qty_in_stock).toBe(0);
  }, 120_000);

  it('a batch the stock cannot fill, and one with a cart twice: both ways answer alike', async () => {
    const batch = await placements(4, 3);
    await setStock(10);
    const short = await expectSame(batch);
    expect(short.outcomes.map((o) => o.status)).toEqual(['placed', 'placed', 'placed', 'short']);
    await setStock(100);
    const twice = await expectSame([batch[0]!, batch[0]!, batch[1]!]);
    expect(twice.outcomes.map((o) => o.status)).toEqual(['placed', 'existing', 'placed']);
  }, 120_000);
});
