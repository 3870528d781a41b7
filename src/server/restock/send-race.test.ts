import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { openSharedSchema } from '../testing/shared-postgres.js';
import { TEST_SECRET } from '../testing/test-app.js';
import { createMailer } from '../mail/mailer.js';
import { addProduct, addSite, insertSignUps } from './test-fixtures.js';
import { RestockSender } from './sender.js';

/**
 * Two 'send all' for one variant started at once — by two processes (two database handles on
 * one PostgreSQL schema), or twice in one — make one send, which the second joins.
 */
describeEachBackend('restock: two sends started at once', (kind) => {
  let first: DatabaseHandle | undefined;
  let second: DatabaseHandle | undefined;
  const N = 120;

  beforeAll(async () => {
    if (kind === 'postgres') ({ first, second } = await openSharedSchema());
    else first = second = await openTestDatabase(kind);
    await addSite(first!, 's1', 'demo');
    await addProduct(first!, 's1', 'jug', 'Jug', [{ id: 'jug-1' }]);
    await insertSignUps(first!.db, {
      siteId: 's1',
      itemId: 'jug',
      variantId: 'jug-1',
      emails: Array.from({ length: N }, (_, i) => `r${i}@example.com`),
    });
  }, 120_000);
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  }, 60_000);

  it('make one send record with the right totals, and mail each address once', async () => {
    const senders = [first!, second!].map(
      (h) =>
        new RestockSender({
          db: h.db,
          now: Date.now,
          secret: TEST_SECRET,
          mailer: createMailer({ db: h.db }),
          log: { error: () => undefined },
        }),
    );
    const input = {
      siteId: 's1',
      productId: 'jug',
      variantId: 'jug-1',
      baseUrl: 'http://localhost',
      trigger: 'owner' as const,
    };
    const ids = await Promise.all([senders[0]!.start(input), senders[1]!.start(input)]);
    expect(ids[0]).toBe(ids[1]);
    await Promise.all(senders.map((s) => s.idle()));
    const sends = await first!.db.selectFrom('restock_sends').selectAll().execute();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ status: 'done', total: N, sent: N, failed: 0 });
    const outbox = await first!.db.selectFrom('outbox').select('to_address').execute();
    expect(new Set(outbox.map((r) => r.to_address)).size).toBe(N);
    expect(outbox).toHaveLength(N);
    await Promise.all(senders.map((s) => s.stop()));
  });
});
