import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { openSharedSchema } from '../testing/shared-postgres.js';
import { buildTestApp, TEST_SECRET, Visitor } from '../testing/test-app.js';
import { createMailer } from '../mail/mailer.js';
import { RESTOCK_API } from '../../shared/restock/types.js';
import {
  addOwner,
  addProduct,
  addSite,
  insertSignUps,
  signedIn,
  TestSmtp,
  waitFor,
} from './test-fixtures.js';
import { CLAIM_TIMEOUT_MS, RestockSender, TAKEOVER_INTERVAL_MS, TAKEOVER_QUEUE } from './sender.js';

const emails = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);

/**
 * Two 'send all' for one variant started at once — by two processes (two database handles on
 * one PostgreSQL schema: two apps, each its own pool, sender and job queue), or twice in one —
 * make one send, which the second joins. A send whose process died is resumed by the
 * `restock-takeover` job of the durable queue, by one process.
 */
describeEachBackend('restock: two sends started at once', (kind) => {
  let first: DatabaseHandle | undefined;
  let second: DatabaseHandle | undefined;
  const N = 120;

  beforeAll(async () => {
    if (kind === 'postgres') ({ first, second } = await openSharedSchema());
    else first = second = await openTestDatabase(kind);
    await addSite(first!, 's1', 'demo');
    await addOwner(first!, 'owner@race.test', 's1');
    await addProduct(first!, 's1', 'jug', 'Jug', [{ id: 'jug-1' }, { id: 'jug-2' }]);
    await addProduct(first!, 's1', 'cup', 'Cup', [{ id: 'cup-1' }]);
    await addProduct(first!, 's1', 'pot', 'Pot', [{ id: 'pot-1' }]);
  }, 240_000);
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  }, 60_000);
  beforeEach(async () => {
    // Jobs of an earlier test's apps (recurring ones stay queued) would run on the next drain.
    await first?.db.deleteFrom('jobs').execute();
  });

  const outboxOf = (variant: string) =>
    first!.db
      .selectFrom('outbox')
      .select('to_address')
      .where('to_address', 'like', `${variant}-%`)
      .execute();

  it('make one send record with the right totals, and mail each address once', async () => {
    await insertSignUps(first!.db, {
      siteId: 's1',
      itemId: 'jug',
      variantId: 'jug-1',
      emails: emails('jug-1-', N),
    });
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
    const sends = await first!.db
      .selectFrom('restock_sends')
      .selectAll()
      .where('variant_id', '=', 'jug-1')
      .execute();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ status: 'done', total: N, sent: N, failed: 0 });
    const outbox = await outboxOf('jug-1');
    expect(new Set(outbox.map((r) => r.to_address)).size).toBe(N);
    expect(outbox).toHaveLength(N);
    await Promise.all(senders.map((s) => s.stop()));
  }, 120_000);

  it("two owners' 'send all' through two app instances make one send per variant", async () => {
    await insertSignUps(first!.db, {
      siteId: 's1',
      itemId: 'jug',
      variantId: 'jug-2',
      emails: emails('jug-2-', N),
    });
    await insertSignUps(first!.db, {
      siteId: 's1',
      itemId: 'cup',
      variantId: 'cup-1',
      emails: emails('cup-1-', 40),
    });
    // The mail server holds the first send's mails, so the second 'send all' surely finds it
    // running, whether the two requests overlap or not.
    const smtp = new TestSmtp();
    const smtpUrl = await smtp.start();
    const held = smtp.holdAfter(3);
    const apps: FastifyInstance[] = [];
    try {
      for (const h of [first!, second!]) {
        apps.push((await buildTestApp(h, { config: { smtpUrl } })).app);
      }
      const owners = await Promise.all(
        apps.map((app) => signedIn(new Visitor(app), 'owner@race.test')),
      );
      const body = {
        sendRequests: [
          { productId: 'jug', variantId: 'jug-2' },
          { productId: 'cup', variantId: 'cup-1' },
        ],
      };
      const answers = await Promise.all(owners.map((o) => o.post(RESTOCK_API.sendAll, body)));
      for (const a of answers) expect(a.statusCode, a.body).toBe(202);
      const [a, b] = answers.map((r) => (r.json() as { sendIds: string[] }).sendIds);
      // The second joined the first's sends.
      expect(b).toEqual(a);
      await held;
      smtp.release();
      const sends = await waitFor(async () => {
        const rows = await first!.db
          .selectFrom('restock_sends')
          .selectAll()
          .where('variant_id', 'in', ['jug-2', 'cup-1'])
          .execute();
        return rows.every((r) => r.status !== 'running') ? rows : undefined;
      });
      expect(sends.map((s) => s.id).sort()).toEqual([...a!].sort());
      const byVariant = Object.fromEntries(sends.map((s) => [s.variant_id, s]));
      expect(byVariant['jug-2']).toMatchObject({ status: 'done', total: N, sent: N, failed: 0 });
      expect(byVariant['cup-1']).toMatchObject({ status: 'done', total: 40, sent: 40, failed: 0 });
      for (const [variant, n] of [
        ['jug-2', N],
        ['cup-1', 40],
      ] as const) {
        const outbox = await outboxOf(variant);
        expect(outbox, variant).toHaveLength(n);
        expect(new Set(outbox.map((r) => r.to_address)).size, variant).toBe(n);
      }
      const counts = smtp.counts();
      expect(counts.size).toBe(N + 40);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
    } finally {
      smtp.release();
      for (const app of apps) await app.close();
      await smtp.stop();
    }
  }, 120_000);

  it('a send whose process died is resumed once, by the takeover job of one process', async () => {
    await insertSignUps(first!.db, {
      siteId: 's1',
      itemId: 'pot',
      variantId: 'pot-1',
      emails: emails('pot-1-', 60),
    });
    let clock = Date.now();
    const now = () => clock;
    const dead = new Date(clock - CLAIM_TIMEOUT_MS - 1000);
    await first!.db
      .insertInto('restock_sends')
      .values({
        id: 'died',
        site_id: 's1',
        item_id: 'pot',
        variant_id: 'pot-1',
        status: 'running',
        total: 60,
        sent: 0,
        failed: 0,
        base_url: 'http://localhost',
        trigger: 'owner',
        started: dead,
        finished: null,
        heartbeat: dead,
        error: null,
      })
      .execute();
    const built: { app: FastifyInstance; deps: AppDeps }[] = [];
    try {
      for (const h of [first!, second!]) built.push(await buildTestApp(h, { now }));
      const jobs = await first!.db
        .selectFrom('jobs')
        .select(['state', 'run_at'])
        .where('queue', '=', TAKEOVER_QUEUE)
        .execute();
      expect(jobs.map((j) => [j.state, Number(j.run_at)])).toEqual([
        ['queued', clock + TAKEOVER_INTERVAL_MS],
      ]);
      clock += TAKEOVER_INTERVAL_MS;
      await Promise.all(built.map((b) => b.deps.jobs.drain()));
      const send = await waitFor(async () => {
        const row = await first!.db
          .selectFrom('restock_sends')
          .selectAll()
          .where('id', '=', 'died')
          .executeTakeFirstOrThrow();
        return row.status === 'running' ? undefined : row;
      });
      expect(send).toMatchObject({ status: 'done', total: 60, sent: 60, failed: 0 });
      const outbox = await outboxOf('pot-1');
      expect(outbox).toHaveLength(60);
      expect(new Set(outbox.map((r) => r.to_address)).size).toBe(60);
    } finally {
      for (const b of built) await b.app.close();
    }
  }, 120_000);
});
