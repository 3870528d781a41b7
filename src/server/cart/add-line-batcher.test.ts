import { afterAll, beforeAll, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import type { DatabaseHandle } from '../db/database.js';
import { addLine, type AddLineOutcome } from './add-line.js';
import { AddLineBatcher } from './add-line-batcher.js';
import { posterLine, seedShop } from './test-fixtures.js';

describeEachBackend('adds sent together (AddLineBatcher)', (kind) => {
  let h: DatabaseHandle;
  let statements = 0;
  /** Counts the statements the batcher sends. */
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const poster = posterLine;

  const newCart = async (): Promise<string> => {
    const first = await addLine(h.db, poster());
    if (first.status !== 'added') throw new Error(first.status);
    return first.cartId;
  };

  const quantities = async (cartId: string) =>
    (
      await h.db
        .selectFrom('cart_entries')
        .select('quantity')
        .where('cart_id', '=', cartId)
        .execute()
    ).map((r) => r.quantity);

  it('sends adds that arrive together, or while one runs, as one statement, each with its own outcome', async () => {
    const [a, b] = [await newCart(), await newCart()];
    const batcher = new AddLineBatcher(h.db.withPlugin(counting), 1);
    statements = 0;
    const first = batcher.add(poster({ cartId: b, quantity: 2 }));
    // The first is on its way (on the next turn of the event loop); the rest arrive together.
    await new Promise((r) => setImmediate(r));
    // b's adds first: the batch sorts by cart, and adds to one cart keep their order.
    const rest = [
      poster({ cartId: a }),
      poster({ cartId: b, quantity: 3, maxHeld: 6 }),
      poster({ cartId: b, quantity: 1, maxHeld: 6 }),
      poster({ cartId: a, quantity: 5 }),
    ].map((add) => batcher.add(add));
    const outcomes = await Promise.all([first, ...rest]);
    expect(statements).toBe(2);
    const held = (o: AddLineOutcome) =>
      o.status === 'added' ? o.snapshot.entries.map((e) => e.quantity) : o;
    // The first went alone; b then held 3, took 3 more (6), and the last was over b's limit.
    expect(outcomes.map(held)).toEqual([
      [3],
      [2],
      [6],
      { status: 'rejected', held: 6, lineQuantity: 6 },
      [7],
    ]);
    expect(await quantities(a)).toEqual([7]);
    expect(await quantities(b)).toEqual([6]);
  });

  it('fails only the faulty add of a batch the database refused', async () => {
    const [a, b] = [await newCart(), await newCart()];
    const batcher = new AddLineBatcher(h.db, 1);
    const blocker = batcher.add(poster({ cartId: a }));
    // A new line of 0 units passes no rule here; the table's CHECK refuses it, failing the
    // statement (and so the batch).
    const [good, bad, other] = await Promise.allSettled([
      batcher.add(poster({ cartId: a, quantity: 2 })),
      batcher.add(poster({ cartId: b, quantity: 0, additionalFieldsKey: 'zero' })),
      batcher.add(poster({ cartId: b, quantity: 4 })),
    ]);
    await blocker;
    expect(good.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    expect(other.status).toBe('fulfilled');
    expect(await quantities(a)).toEqual([4]);
    expect(await quantities(b)).toEqual([5]);
  });
});
