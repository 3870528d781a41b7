import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import { DEFAULT_TELEMETRY_RETENTION_DAYS } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { performanceSummary } from '../performance/summary.js';
import { analyticsSummary, cartAdditions, commerceFunnel, errorsSummary } from './summary.js';
import {
  RETENTION_QUEUE,
  RUN_EVERY_MS,
  runRetention,
  TELEMETRY_TABLES,
  deleteOldBatch,
  pruneTelemetry,
  retentionCutoff,
  type TelemetryTable,
} from './retention.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2027, 5, 1, 12);

/** `n` rows of `table` received at `at(i)`, shaped like the ones the writers store. */
async function insertRows(
  h: DatabaseHandle,
  table: TelemetryTable,
  n: number,
  at: (i: number) => number,
): Promise<void> {
  const times = Array.from({ length: n }, (_, i) => at(i));
  if (!times.length) return;
  const db = h.db;
  switch (table) {
    case 'analytics_hits':
      await db
        .insertInto(table)
        .values(
          times.map((t, i) => ({
            site_id: 's1',
            visitor_id: `v${i}`,
            visit_number: 1,
            path: '/shop',
            referrer: null,
            device_class: 'desktop',
            is_bot: false,
            event: 'view',
            page_type: null,
            occurred_at: t,
          })),
        )
        .execute();
      return;
    case 'analytics_events':
      await db
        .insertInto(table)
        .values(
          times.map((t, i) => ({
            site_id: 's1',
            source: 'clanker',
            name: 'CommerceAddToCart',
            environment: 'production',
            session_id: `v${i}.1`,
            content: JSON.stringify({ product_id: 'p1', product_name: 'Mug', quantity: 1 }),
            occurred_at: t,
          })),
        )
        .execute();
      return;
    case 'script_errors':
      await db
        .insertInto(table)
        .values(
          times.map((t) => ({
            site_id: 's1',
            message: 'boom',
            stack: null,
            page_url: '/shop',
            kind: 'error',
            user_agent: null,
            occurred_at: t,
          })),
        )
        .execute();
      return;
    case 'performance_metrics':
      await db
        .insertInto(table)
        .values(
          times.map((t, i) => ({
            site_id: 's1',
            page_path: '/shop',
            device_class: 'desktop',
            metric: 'lcp',
            value: 1000 + i,
            rating: 'good',
            lcp_element: 'img',
            page_load_id: `pl${i}`,
            occurred_at: t,
          })),
        )
        .execute();
      return;
    case 'performance_details':
      await db
        .insertInto(table)
        .values(
          times.map((t, i) => ({
            site_id: 's1',
            page_path: '/shop',
            event_name: 'image',
            page_load_id: `pl${i}`,
            data: JSON.stringify({ url: '/assets/a.png' }),
            occurred_at: t,
          })),
        )
        .execute();
      return;
  }
}

async function timesOf(h: DatabaseHandle, table: TelemetryTable): Promise<number[]> {
  const { rows } = await sql<{ t: number }>`
    SELECT occurred_at AS t FROM ${sql.table(table)} ORDER BY occurred_at`.execute(h.db);
  return rows.map((r) => Number(r.t));
}

async function clear(h: DatabaseHandle): Promise<void> {
  for (const t of TELEMETRY_TABLES) await sql`DELETE FROM ${sql.table(t)}`.execute(h.db);
}

/** Everything the owner's screens can show for the year before NOW. */
async function yearOfSummaries(h: DatabaseHandle) {
  const from = NOW - 365 * DAY;
  const to = NOW + 1;
  return {
    analytics: await analyticsSummary(h.db, 's1', from, to),
    funnel: await commerceFunnel(h.db, 's1', from, to),
    additions: await cartAdditions(h.db, 's1', from, to),
    errors: await errorsSummary(h.db, 's1', from, to),
    performance: await performanceSummary(h.db, 's1', from, to),
  };
}

describeEachBackend('telemetry retention', (kind) => {
  let h: DatabaseHandle;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
  });
  afterAll(async () => h.close());
  beforeEach(async () => clear(h));

  it('deletes rows received before the cut-off from every table and keeps the rest', async () => {
    const cutoff = retentionCutoff(NOW, 30);
    expect(cutoff).toBe(NOW - 30 * DAY);
    const times = [cutoff - 5 * DAY, cutoff - 1, cutoff, cutoff + 1, NOW];
    for (const t of TELEMETRY_TABLES) await insertRows(h, t, times.length, (i) => times[i]!);

    const result = await pruneTelemetry(h.db, { cutoff, batchRows: 100 });

    for (const t of TELEMETRY_TABLES) {
      expect(await timesOf(h, t), t).toEqual([cutoff, cutoff + 1, NOW]);
      expect(result.deleted[t], t).toBe(2);
    }
  });

  it('deletes a backlog larger than one batch in several bounded DELETEs, oldest first', async () => {
    const old = (i: number) => NOW - 1000 * DAY + i * 1000;
    await insertRows(h, 'analytics_hits', 1234, old);
    await insertRows(h, 'analytics_hits', 3, (i) => NOW - i);
    await insertRows(h, 'script_errors', 7, old);
    const cutoff = retentionCutoff(NOW, 400);

    // One batch removes exactly its size, and the oldest rows.
    expect(await deleteOldBatch(h.db, 'analytics_hits', cutoff, 500)).toBe(500);
    const left = await timesOf(h, 'analytics_hits');
    expect(left).toHaveLength(737);
    expect(left[0]).toBe(old(500));

    const result = await pruneTelemetry(h.db, { cutoff, batchRows: 500 });
    expect(result.deleted.analytics_hits).toBe(734);
    expect(result.deleted.script_errors).toBe(7);
    // hits: 500 + 234; every other table: one DELETE that found fewer than a batch.
    expect(result.batches).toBe(2 + 4);
    expect(await timesOf(h, 'analytics_hits')).toEqual([NOW - 2, NOW - 1, NOW]);
    expect(await timesOf(h, 'script_errors')).toEqual([]);
  });

  it('stops between batches when asked', async () => {
    // analytics_hits is the first table pruned.
    await insertRows(h, 'analytics_hits', 25, (i) => NOW - 1000 * DAY + i);
    let calls = 0;
    const result = await pruneTelemetry(h.db, {
      cutoff: NOW,
      batchRows: 10,
      stopped: () => ++calls > 1,
    });
    expect(result.batches).toBe(1);
    expect(await timesOf(h, 'analytics_hits')).toHaveLength(15);
  });

  it('keeps by default everything a year-long owner summary shows', async () => {
    // A year back is the longest period the summaries are asked for; 500 days is past retention.
    const times = [NOW - 500 * DAY, NOW - 365 * DAY, NOW - 200 * DAY, NOW - DAY];
    for (const t of TELEMETRY_TABLES) await insertRows(h, t, times.length, (i) => times[i]!);
    const before = await yearOfSummaries(h);
    expect(before.analytics.pageViews).toBe(3);
    expect(before.errors.errors[0]?.count).toBe(3);

    const result = await pruneTelemetry(h.db, {
      cutoff: retentionCutoff(NOW, DEFAULT_TELEMETRY_RETENTION_DAYS),
      batchRows: 100,
    });

    expect(await yearOfSummaries(h)).toEqual(before);
    for (const t of TELEMETRY_TABLES) expect(result.deleted[t], t).toBe(1);
  });

  it('uses the time index of each table for the oldest rows', async () => {
    for (const t of TELEMETRY_TABLES) {
      const { rows } = await sql<{ indexdef: string }>`
        SELECT indexdef FROM pg_indexes
         WHERE tablename = ${t} AND schemaname = current_schema()`.execute(h.db);
      expect(
        rows.some((r) => /\(occurred_at\)$/.test(r.indexdef)),
        t,
      ).toBe(true);
    }
  });

  describe('the hourly job on the durable queue', () => {
    let clock = NOW;

    beforeEach(async () => {
      clock = NOW;
      // Each app's recurring jobs stay queued in the table after it closes: start afresh.
      await h.db.deleteFrom('jobs').execute();
    });

    async function seedAges(): Promise<void> {
      const times = [NOW - 1000 * DAY, NOW - 399 * DAY, NOW - DAY];
      for (const t of TELEMETRY_TABLES) await insertRows(h, t, times.length, (i) => times[i]!);
    }

    const retentionJobs = () =>
      h.db.selectFrom('jobs').selectAll().where('queue', '=', RETENTION_QUEUE).execute();

    it('runs every hour on the clock of the deps, once across two processes', async () => {
      await seedAges();
      const opts = { config: { telemetryRetentionDays: 400 }, now: () => clock };
      // Two apps on one database stand for two processes: one job, one runner at a time.
      const a = await buildTestApp(h, opts);
      const b = await buildTestApp(h, opts);
      try {
        const [job] = await retentionJobs();
        expect(await retentionJobs()).toHaveLength(1);
        expect([job!.state, Number(job!.run_at)]).toEqual(['queued', NOW + RUN_EVERY_MS]);
        await a.deps.jobs.drain();
        expect(await timesOf(h, 'analytics_hits')).toHaveLength(3);

        clock = NOW + RUN_EVERY_MS;
        await Promise.all([a.deps.jobs.drain(), b.deps.jobs.drain()]);
        await vi.waitFor(
          async () => {
            for (const t of TELEMETRY_TABLES)
              expect(await timesOf(h, t), t).toEqual([NOW - 399 * DAY, NOW - DAY]);
          },
          { timeout: 10_000 },
        );
        // One run, and the next one queued an hour later.
        await vi.waitFor(async () => {
          const jobs = await retentionJobs();
          expect(jobs.map((j) => [j.state, j.attempts]).sort()).toEqual([
            ['done', 1],
            ['queued', 0],
          ]);
          expect(Number(jobs.find((j) => j.state === 'queued')!.run_at)).toBe(
            NOW + 2 * RUN_EVERY_MS,
          );
        });

        // Two days later the 399-day-old rows are past 400 days: the next run takes them.
        clock = NOW + 2 * DAY;
        await Promise.all([a.deps.jobs.drain(), b.deps.jobs.drain()]);
        await vi.waitFor(
          async () => {
            for (const t of TELEMETRY_TABLES) expect(await timesOf(h, t), t).toEqual([NOW - DAY]);
          },
          { timeout: 10_000 },
        );
      } finally {
        await a.app.close();
        await b.app.close();
      }
    }, 120_000);

    it('a test can run a pass on demand', async () => {
      await seedAges();
      const result = await runRetention({
        db: h.db,
        now: () => NOW,
        days: 400,
        batchRows: 100,
        log: { info: () => undefined },
      });
      for (const t of TELEMETRY_TABLES) expect(result.deleted[t], t).toBe(1);
    });

    it('extends its lease between batches and ends its pass when the queue stops', async () => {
      await insertRows(h, 'analytics_hits', 25, (i) => NOW - 1000 * DAY + i);
      const opts = { db: h.db, now: () => NOW, days: 400, batchRows: 10, log: { info() {} } };
      let extended = 0;
      let stopping = false;
      const result = await runRetention(opts, {
        extend: async () => {
          extended++;
          stopping = extended === 2; // the queue stops during the second batch
        },
        stopping: () => stopping,
      });
      expect([result.batches, extended]).toEqual([2, 2]);
      expect(await timesOf(h, 'analytics_hits')).toHaveLength(5);
    });

    it('is not defined when TELEMETRY_RETENTION_DAYS is 0, nor in a test app that did not ask', async () => {
      await seedAges();
      for (const config of [{ telemetryRetentionDays: 0 }, {}]) {
        const { app, deps } = await buildTestApp(h, { config, now: () => clock });
        clock += 3 * RUN_EVERY_MS;
        await deps.jobs.drain();
        await app.close();
      }
      expect(await retentionJobs()).toEqual([]);
      for (const t of TELEMETRY_TABLES) expect(await timesOf(h, t), t).toHaveLength(3);
    }, 120_000);
  });
});
