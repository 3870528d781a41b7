import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { setVariantStock } from '../catalog/set-variant-stock.js';
import { Messages } from '../../shared/errors.js';
import { addLine, type AddLineOutcome } from './add-line.js';
import { SITE_A, Shopper, posterLine, seedShop } from './test-fixtures.js';

const CART = '/api/commerce/shopping-cart';

describeEachBackend('adding in one statement (cart_add_entry)', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app, deps } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const cartExists = async (id: string) =>
    (await h.db.selectFrom('carts').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  describe('the function', () => {
    const input = posterLine;

    it('refuses over a limit with what the cart holds, writing nothing (key included)', async () => {
      const first = await addLine(h.db, input({ quantity: 3 }));
      if (first.status !== 'added') throw new Error(first.status);
      const claim = { key: 'refused-add', visitorHash: 'v', requestHash: 'r' };
      const over = await addLine(
        h.db,
        input({ cartId: first.cartId, maxHeld: 4, quantity: 2, claim }),
      );
      expect(over).toEqual({ status: 'rejected', held: 3, lineQuantity: 3 });
      const line = await addLine(h.db, input({ cartId: first.cartId, maxLine: 4, quantity: 2 }));
      expect(line).toEqual({ status: 'rejected', held: 3, lineQuantity: 3 });
      // A new cart refused is not created.
      const fresh = input({ maxHeld: 0, claim });
      expect(await addLine(h.db, fresh)).toEqual({ status: 'rejected', held: 0, lineQuantity: 0 });
      expect(await cartExists(fresh.newCartId)).toBe(false);
      const keys = await h.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('key', '=', claim.key)
        .execute();
      expect(keys).toEqual([]);
      const held = await h.db
        .selectFrom('cart_entries')
        .select('quantity')
        .where('cart_id', '=', first.cartId)
        .execute();
      expect(held).toEqual([{ quantity: 3 }]);
    });

    it('makes a duplicate of a first add still in flight wait for it, drop its own cart and replay it', async () => {
      const claim = { key: 'in-flight-new-cart', visitorHash: 'v', requestHash: 'r' };
      const secondInput = input({ claim });
      let second: Promise<AddLineOutcome> | undefined;
      const first = await h.db.transaction().execute(async (trx) => {
        const out = await addLine(trx, input({ claim }));
        second = addLine(h.db, secondInput);
        // On PostgreSQL, commit only once the duplicate waits for the key (its cart is made
        // by then); PGlite has one connection, so there it simply runs after the commit.
        if (kind === 'postgres') await untilWaitingForLock(h);
        return out;
      });
      if (first.status !== 'added' || !second) throw new Error(first.status);
      const again = await second;
      expect(again).toEqual({
        status: 'replay',
        cartId: first.cartId,
        visitorHash: 'v',
        requestHash: 'r',
        response: first.snapshot,
      });
      expect(await cartExists(secondInput.newCartId)).toBe(false);
      const lines = await h.db
        .selectFrom('cart_entries')
        .select('quantity')
        .where('cart_id', '=', first.cartId)
        .execute();
      expect(lines).toEqual([{ quantity: 1 }]);
    });
  });

  describe('through the API', () => {
    it('keeps concurrent adds of mixed quantities to one cart within the stock, each refusal saying how many fit', async () => {
      const v = new Shopper(app);
      // MUG-S: 5 in stock. 1 now, then 2 + 2 + 2 + 1 + 1 at once: at most 4 more fit.
      expect((await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 })).statusCode).toBe(200);
      const quantities = [2, 2, 2, 1, 1];
      const results = await Promise.all(
        quantities.map((quantity) => v.add({ itemId: 'mug', sku: 'MUG-S', quantity })),
      );
      const cart = (await v.get(CART)).json();
      const accepted = quantities.filter((_, i) => results[i]!.statusCode === 200);
      const held = 1 + accepted.reduce((a, b) => a + b, 0);
      expect(cart.totalQuantity).toBe(held);
      expect(cart.entries).toHaveLength(1);
      expect(held).toBeLessThanOrEqual(5);
      // Whatever the order, the single units fit until the stock is gone.
      expect(held).toBeGreaterThanOrEqual(4);
      results.forEach((res, i) => {
        if (res.statusCode === 200) return;
        expect(res.statusCode, res.body).toBe(409);
        const body = res.json();
        expect(body.message).toBe(Messages.OUT_OF_STOCK);
        // What fitted when it was refused: less than it asked for, no less than what fits now.
        expect(body.error.available).toBeLessThan(quantities[i]!);
        expect(body.error.available).toBeGreaterThanOrEqual(5 - held);
      });
    });

    it('replays a retried add that took the last unit, also after the catalog changed', async () => {
      const v = new Shopper(app);
      const key = { 'idempotency-key': 'last-mug-m' };
      const first = await v.add({ itemId: 'mug', sku: 'MUG-M', quantity: 1 }, key);
      expect(first.statusCode, first.body).toBe(200);
      // The cart now holds the only unit: a fresh add would be refused, the retry is not.
      const retry = await v.add({ itemId: 'mug', sku: 'MUG-M', quantity: 1 }, key);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      // Sold out in the catalog: refused before the cart is reached, and still replayed.
      await setVariantStock(deps.db, deps.events, SITE_A, 'v-mug-m', { qtyInStock: 0 });
      try {
        const late = await v.add({ itemId: 'mug', sku: 'MUG-M', quantity: 1 }, key);
        expect(late.statusCode, late.body).toBe(200);
        expect(late.json()).toEqual(first.json());
        const other = await v.add({ itemId: 'mug', sku: 'MUG-M', quantity: 1 });
        expect(other.statusCode).toBe(409);
      } finally {
        await setVariantStock(deps.db, deps.events, SITE_A, 'v-mug-m', { qtyInStock: 1 });
      }
      expect((await v.get(CART)).json().totalQuantity).toBe(1);
    });

    it('replays responses stored before snapshots were, as they were stored', async () => {
      const v = new Shopper(app);
      const key = { 'idempotency-key': 'stored-as-body' };
      const first = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 }, key);
      expect(first.statusCode).toBe(200);
      const body = { ...first.json(), storedAsBody: true };
      await h.db
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(body) })
        .where('key', '=', 'stored-as-body')
        .execute();
      const retry = await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 }, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(body);
    });
  });
});

/** Waits until some session of this database waits for a lock (a row or a transaction). */
async function untilWaitingForLock(h: DatabaseHandle): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'
         AND query LIKE '%cart_add_entries%'`.execute(h.db);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the duplicate add never waited for the first one');
}
