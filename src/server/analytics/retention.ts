import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { JobContext, JobQueue } from '../platform/jobs/job-queue.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The append-only telemetry tables of both domains (analytics and performance). Each has an
 * `occurred_at` column (receive time, epoch ms) with an index of its own.
 */
export const TELEMETRY_TABLES = [
  'analytics_hits',
  'analytics_events',
  'script_errors',
  'performance_metrics',
  'performance_details',
] as const;
export type TelemetryTable = (typeof TELEMETRY_TABLES)[number];

/**
 * Rows one DELETE removes. Each batch is its own statement and transaction, so a backlog never
 * holds locks or a snapshot for long. PGlite runs the DELETE on the event loop that serves pages:
 * 500 rows are about 10 ms there (index scan, then a TID scan of just those rows).
 */
export const BATCH_ROWS = { pglite: 500, postgres: 5_000 } as const;
/** How often the retention job runs (a recurring job of the durable queue: docs/jobs.md). */
export const RUN_EVERY_MS = 60 * 60_000;
/** Its lease: a pass over a large backlog keeps it by extending between batches. */
export const RETENTION_LEASE_MS = 10 * 60_000;
/** The queue it runs on. */
export const RETENTION_QUEUE = 'telemetry-retention';

/** Rows received before this instant are past retention. */
export function retentionCutoff(now: number, days: number): number {
  return now - days * DAY_MS;
}

/**
 * Deletes up to `limit` rows of `table` received before `cutoff`, oldest first; returns how many.
 * The tables have no primary key, so rows are addressed by ctid: `= ANY(ARRAY(…))` makes a TID
 * scan of exactly the rows the index scan found (an `IN (subquery)` may plan a join instead).
 */
export async function deleteOldBatch(
  db: Db,
  table: TelemetryTable,
  cutoff: number,
  limit: number,
): Promise<number> {
  const t = sql.table(table);
  const result = await sql`
    DELETE FROM ${t} WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM ${t} WHERE occurred_at < ${cutoff} ORDER BY occurred_at LIMIT ${limit}))`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0n);
}

export interface PruneOptions {
  cutoff: number;
  batchRows: number;
  /** Checked between batches: shutdown stops a long run after the batch in flight. */
  stopped?: () => boolean;
  /** Runs after every batch (the job extends its lease there). */
  afterBatch?: () => Promise<void>;
}

export interface PruneResult {
  deleted: Record<TelemetryTable, number>;
  /** DELETE statements run. */
  batches: number;
}

/** Deletes every telemetry row received before `cutoff`, one bounded batch at a time. */
export async function pruneTelemetry(db: Db, opts: PruneOptions): Promise<PruneResult> {
  const deleted = Object.fromEntries(TELEMETRY_TABLES.map((t) => [t, 0])) as PruneResult['deleted'];
  let batches = 0;
  for (const table of TELEMETRY_TABLES) {
    for (;;) {
      if (opts.stopped?.()) return { deleted, batches };
      const n = await deleteOldBatch(db, table, opts.cutoff, opts.batchRows);
      batches++;
      deleted[table] += n;
      await opts.afterBatch?.();
      if (n < opts.batchRows) break;
      // Let requests that arrived during the batch run before the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { deleted, batches };
}

interface Log {
  info(obj: object, msg: string): void;
}

export interface RetentionOptions {
  db: Db;
  now: () => number;
  /** Kept this many days; more than 0 (0 means no job at all: see `analyticsRoutes`). */
  days: number;
  batchRows: number;
  log: Log;
}

/**
 * One retention pass over every telemetry table: what the `telemetry-retention` job runs every
 * hour, once across all processes. Between batches it extends the job's lease and ends early
 * when the queue stops (the next run picks up where it left: rows are deleted oldest first).
 */
export async function runRetention(
  opts: RetentionOptions,
  ctx: Pick<JobContext, 'extend' | 'stopping'> = { extend: async () => {}, stopping: () => false },
): Promise<PruneResult> {
  if (!(opts.days > 0)) throw new Error('telemetry retention needs a retention of 1 day or more');
  const cutoff = retentionCutoff(opts.now(), opts.days);
  const result = await pruneTelemetry(opts.db, {
    cutoff,
    batchRows: opts.batchRows,
    stopped: ctx.stopping,
    afterBatch: ctx.extend,
  });
  const total = Object.values(result.deleted).reduce((a, b) => a + b, 0);
  if (total > 0) {
    opts.log.info(
      { deleted: result.deleted, cutoff: new Date(cutoff).toISOString() },
      'telemetry retention: old rows deleted',
    );
  }
  return result;
}

/**
 * Defines the hourly retention job on the app's durable queue (one runner across processes,
 * its lease extended between batches, stopped with the queue at shutdown).
 */
export function defineRetentionJob(jobs: JobQueue, opts: RetentionOptions): void {
  if (!(opts.days > 0)) throw new Error('telemetry retention needs a retention of 1 day or more');
  jobs.define(RETENTION_QUEUE, {
    everyMs: RUN_EVERY_MS,
    leaseMs: RETENTION_LEASE_MS,
    run: async (_payload, ctx) => void (await runRetention(opts, ctx)),
  });
}
